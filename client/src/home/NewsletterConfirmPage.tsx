// The link of the newsletter's confirmation e-mail (/newsletter/confirm?token=...):
// no sign-in needed; following it makes the sign-up count.
import { Alert, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../app/errors';
import { useConfirmNewsletterSubscriptionMutation } from './home.generated';

type Outcome = { confirmed: string } | { failure: string } | null;

export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const [confirm] = useConfirmNewsletterSubscriptionMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // React's development double effect must not confirm twice (harmless, but noisy).
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirm({ variables: { token: params.get('token') ?? '' } })
      .then(({ data }) => setOutcome({ confirmed: data?.confirmNewsletterSubscription.email ?? '' }))
      .catch((error: unknown) => setOutcome({ failure: errorMessage(error, 'Something went wrong. Please try again.') }));
  }, [confirm, params]);

  return (
    <Container maxW="2xl" py="16">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Newsletter
        </Heading>
        {!outcome && (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>Confirming your subscription…</Text>
          </Stack>
        )}
        {outcome && 'confirmed' in outcome && (
          <Alert.Root status="success" data-testid="newsletter-confirmed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Subscription confirmed</Alert.Title>
              <Alert.Description>{outcome.confirmed} will get the OpenNest newsletter.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {outcome && 'failure' in outcome && (
          <Alert.Root status="error" data-testid="newsletter-confirm-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Could not confirm the subscription</Alert.Title>
              <Alert.Description>{outcome.failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </Container>
  );
}
