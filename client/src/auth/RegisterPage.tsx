import { Button, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import { useAlert } from '../ui/alerts';
import { deferredSchema } from '../ui/deferred-validation';
import { FormField } from '../ui/FormField';
import { AuthCard, AuthSwitchLink } from './AuthCard';
import { registrationErrorMessage } from './auth-errors';
import { useAuth } from './AuthProvider';
import { PasswordInput } from './PasswordInput';
import { ProfilePhotoField } from './ProfilePhotoField';
import { redirectTarget } from './redirect-target';

interface RegisterValues {
  name: string;
  photo: File | null;
  email: string;
  password: string;
}

// The shared rules (and Yup) load at the form's first validation, not with the page.
const validate = deferredSchema(() => import('@opennest/common/validation/auth').then(({ registerSchema }) => registerSchema));

export default function RegisterPage() {
  const { register } = useAuth();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();

  const form = useFormik<RegisterValues>({
    initialValues: { name: '', photo: null, email: '', password: '' },
    validate,
    onSubmit: async ({ name, photo, email, password }) => {
      try {
        const viewer = await register({ name: name.trim(), photo: photo!, email, password });
        await alert.show({ status: 'success', title: 'Registration successful', text: `Welcome to OpenNest, ${viewer.name}!`, autoCloseMs: 2000 });
        navigate(redirectTarget(location), { replace: true });
      } catch (error) {
        await alert.show({ status: 'error', title: 'Registration Failed', text: registrationErrorMessage(error) });
      }
    },
  });
  const photoError = form.touched.photo ? (form.errors.photo as string | undefined) : undefined;

  return (
    <AuthCard title="Register" subtitle="Create your OpenNest account.">
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack gap="4">
          <FormField form={form} name="name" label="Full name" autoComplete="name" placeholder="Your name" />
          <ProfilePhotoField
            name="photo"
            personName={form.values.name}
            photo={form.values.photo}
            error={photoError}
            onChoose={(photo) => void form.setFieldValue('photo', photo)}
            // Not validated again here: setFieldValue's validation has the new photo, this one would see the old values.
            onTouched={() => void form.setFieldTouched('photo', true, false)}
          />
          <FormField form={form} name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
          <FormField form={form} name="password" label="Password" helperText="At least 6 characters, with a capital letter and one of !@#$%^&*">
            <PasswordInput name="password" autoComplete="new-password" value={form.values.password} onChange={form.handleChange} onBlur={form.handleBlur} />
          </FormField>
          <Button type="submit" colorPalette="teal" loading={form.isSubmitting}>
            Register
          </Button>
          <AuthSwitchLink prompt="Already have an account?" to="/login" label="Login" />
        </Stack>
      </form>
    </AuthCard>
  );
}
