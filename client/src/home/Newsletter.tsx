import { Alert, Box, Button, Container, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Formik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { LuMail } from 'react-icons/lu';
import { errorMessage, fieldErrors } from '../app/errors';
import { useSubscribeToNewsletterMutation } from './home.generated';
import { newsletterSchema } from '@opennest/common/validation/newsletter';

/** Spec section 9: the confirmation shows for 2000 ms. */
export const NEWSLETTER_CONFIRMATION_MS = 2000;

interface Values {
  email: string;
}

export function Newsletter() {
  const [subscribe] = useSubscribeToNewsletterMutation();
  const [confirmed, setConfirmed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const onSubmit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setFailure(null);
    setConfirmed(false);
    clearTimeout(hideTimer.current);
    try {
      await subscribe({ variables: { email: values.email.trim() } });
      helpers.resetForm();
      setConfirmed(true);
      hideTimer.current = setTimeout(() => setConfirmed(false), NEWSLETTER_CONFIRMATION_MS);
    } catch (error) {
      const fields = fieldErrors(error);
      // A refused address shows under the field; anything else in the banner.
      if (fields?.email) helpers.setErrors({ email: fields.email });
      else setFailure(errorMessage(error, 'We could not subscribe you right now. Please try again.'));
    }
  };

  return (
    <Box as="section" aria-labelledby="newsletter-heading" pt={{ base: '12', md: '20' }} pb={{ base: '8', md: '14' }} bg="teal.50" data-testid="section-newsletter">
      <Container maxW="3xl">
        <Stack gap="6" align="center" textAlign="center">
          <Box color="teal.600" fontSize="4xl" aria-hidden>
            <LuMail />
          </Box>
          <Stack gap="2">
            <Heading as="h2" id="newsletter-heading" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
              Subscribe to our newsletter
            </Heading>
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              New verified listings, market tips and platform news, straight to your inbox. No spam.
            </Text>
          </Stack>
          <Formik<Values> initialValues={{ email: '' }} validationSchema={newsletterSchema} onSubmit={onSubmit}>
            {(form) => (
              <Box asChild width="full" maxW="xl">
                <form noValidate onSubmit={form.handleSubmit} aria-label="Newsletter sign-up" data-testid="newsletter-form">
                <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'start' }}>
                  <Field.Root invalid={Boolean(form.touched.email && form.errors.email)} required flex="1">
                    <Field.Label srOnly>Email address</Field.Label>
                    <Input
                      name="email"
                      type="email"
                      required
                      autoComplete="email"
                      placeholder="you@example.com"
                      size="lg"
                      bg="white"
                      value={form.values.email}
                      onChange={(event) => {
                        if (failure) setFailure(null);
                        form.handleChange(event);
                      }}
                      onBlur={form.handleBlur}
                    />
                    <Field.ErrorText>{form.errors.email}</Field.ErrorText>
                  </Field.Root>
                  <Button type="submit" size="lg" colorPalette="teal" loading={form.isSubmitting} loadingText="Subscribing">
                    Subscribe
                  </Button>
                </Stack>
                </form>
              </Box>
            )}
          </Formik>
          {/* Always present so screen readers announce the confirmation when it appears. */}
          <Box role="status" aria-live="polite" minH="12" width="full" maxW="xl" mt="-2">
            {confirmed && (
              <Alert.Root status="success" data-testid="newsletter-confirmation">
                <Alert.Indicator />
                {/* What happens next: a new address gets a confirmation link, and nothing more until it is followed. */}
                <Alert.Title>Almost done: check your inbox and follow the link we sent to confirm your subscription.</Alert.Title>
              </Alert.Root>
            )}
            {failure && !confirmed && (
              <Alert.Root status="error" data-testid="newsletter-error">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            )}
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
