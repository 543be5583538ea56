import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useFormik } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import { useAlert } from '../ui/alerts';
import { deferredSchema } from '../ui/deferred-validation';
import { FormField } from '../ui/FormField';
import { AuthCard, AuthSwitchLink } from './AuthCard';
import { loginErrorMessage } from './auth-errors';
import { useAuth } from './AuthProvider';
import { GoogleButton } from './GoogleButton';
import { PasswordInput } from './PasswordInput';
import { redirectTarget, signInReason } from './redirect-target';

// The shared rules (and Yup) load at the form's first validation, not with the page.
const validate = deferredSchema<{ email: string; password: string }>(() => import('@opennest/common/validation/auth').then(({ loginSchema }) => loginSchema));

export default function LoginPage() {
  const { signIn } = useAuth();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location);
  // Sent here from a page that needs an account: say so, and offer a first-time visitor the way in.
  const reason = signInReason(location);
  const goOn = () => navigate(target, { replace: true });

  const form = useFormik({
    initialValues: { email: '', password: '' },
    validate,
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
    <AuthCard title="Login" subtitle={reason ? 'Verified listings, offers and payments need an OpenNest account.' : 'Welcome back to OpenNest.'}>
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack gap="4">
          {reason && (
            <Alert.Root status="info" data-testid="sign-in-reason">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{reason}</Alert.Title>
                <Alert.Description>
                  New here?{' '}
                  <Button asChild variant="plain" colorPalette="teal" height="auto" p="0" fontWeight="semibold" textDecoration="underline" verticalAlign="baseline">
                    {/* Keeps the page they wanted: registering then takes them there. */}
                    <RouterLink to="/register" state={location.state}>
                      Create a free account
                    </RouterLink>
                  </Button>{' '}
                  in a minute.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
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
