import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import { loginSchema } from '@opennest/common/validation/auth';
import { useAlert } from '../ui/alerts';
import { FormField } from '../ui/FormField';
import { AuthCard, AuthSwitchLink } from './AuthCard';
import { loginErrorMessage } from './auth-errors';
import { useAuth } from './AuthProvider';
import { GoogleButton } from './GoogleButton';
import { PasswordInput } from './PasswordInput';
import { redirectTarget } from './redirect-target';

export default function LoginPage() {
  const { signIn } = useAuth();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location);
  const goOn = () => navigate(target, { replace: true });

  const form = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async ({ email, password }) => {
      try {
        const viewer = await signIn(email, password);
        await alert.show({ status: 'success', title: 'Login successful', text: `Welcome back, ${viewer.name}!`, autoCloseMs: 2000 });
        goOn();
      } catch (error) {
        await alert.show({ status: 'error', title: 'Oops...', text: loginErrorMessage(error) });
      }
    },
  });

  return (
    <AuthCard title="Login" subtitle="Welcome back to OpenNest.">
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack gap="4">
          <FormField form={form} name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
          <FormField form={form} name="password" label="Password">
            <PasswordInput name="password" autoComplete="current-password" value={form.values.password} onChange={form.handleChange} onBlur={form.handleBlur} />
          </FormField>
          <Button type="submit" colorPalette="teal" loading={form.isSubmitting}>
            Login
          </Button>
          <HStack>
            <Separator flex="1" />
            <Text flexShrink="0" color="fg.muted" fontSize="sm">
              or
            </Text>
            <Separator flex="1" />
          </HStack>
          <GoogleButton onSignedIn={goOn} />
          <AuthSwitchLink prompt="New to OpenNest?" to="/register" label="Register" />
        </Stack>
      </form>
    </AuthCard>
  );
}
