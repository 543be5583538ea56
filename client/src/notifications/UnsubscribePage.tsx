// The one-click unsubscribe link of every e-mail (/unsubscribe?token=...): no
// sign-in needed; the signed token turns off exactly the setting it names.
import { Alert, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../app/errors';
import { useUnsubscribeMutation } from './notifications.generated';

type State = { status: 'working' } | { status: 'done'; stopped: string } | { status: 'failed'; message: string };

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe] = useUnsubscribeMutation();
  const [state, setState] = useState<State>({ status: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribe({ variables: { token } }).then(
      ({ data }) => setState({ status: 'done', stopped: data?.unsubscribe.stopped ?? 'these e-mails' }),
      (error: unknown) => setState({ status: 'failed', message: errorMessage(error, 'Something went wrong. Please try again.') }),
    );
  }, [token, unsubscribe]);

  return (
    <Container maxW="2xl" py="16">
      <title>Unsubscribe · OpenNest</title>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Unsubscribe
        </Heading>
        {state.status === 'working' && (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>Updating your e-mail settings…</Text>
          </Stack>
        )}
        {state.status === 'done' && (
          <Alert.Root status="success" data-testid="unsubscribed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>You are unsubscribed</Alert.Title>
              <Alert.Description>You will no longer get {state.stopped}. Notifications still show under the bell.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {state.status === 'failed' && (
          <Alert.Root status="error" data-testid="unsubscribe-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Could not unsubscribe</Alert.Title>
              <Alert.Description>{state.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to="/dash-board/email-settings">All e-mail settings</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
