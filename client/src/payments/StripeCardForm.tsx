// Stripe Elements card input, for real Stripe (runtime config payments.provider
// 'stripe'). Loaded lazily by the payment page, so @stripe/* is not part of the
// bundle when the local payment server is in use.
import { Alert, Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LuLock, LuRefreshCw } from 'react-icons/lu';
import { PROCESSING_LABEL, type CardFormProps, type ConfirmOutcome } from './card-form';

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key; a failed load (offline, blocked) may be retried. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => {
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  // undefined while loading, null when Stripe.js could not load.
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setStripe(undefined);
    void stripeFor(publishableKey).then((instance) => {
      if (live) setStripe(instance);
    });
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (stripe === undefined) {
    return (
      <Stack gap="4" aria-busy="true" aria-label="Loading the card form">
        <Skeleton height="4" width="30%" />
        <Skeleton height="11" />
        <Skeleton height="12" />
      </Stack>
    );
  }
  if (stripe === null) {
    return (
      <Alert.Root status="error" alignItems="center" flexWrap={{ base: 'wrap', sm: 'nowrap' }} data-testid="stripe-load-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The card form could not load</Alert.Title>
          <Alert.Description>Check your connection, then try again. Nothing was charged.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setAttempt((n) => n + 1)}>
          <LuRefreshCw aria-hidden /> Retry
        </Button>
      </Alert.Root>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ clientSecret, payLabel, processing, cardError, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  // What the card input says while typing (incomplete or invalid number...).
  const [inputError, setInputError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    await onPay(async (): Promise<ConfirmOutcome> => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (error) {
        const message = error.message ?? 'Your card was declined.';
        return error.type === 'card_error' || error.type === 'validation_error' ? { status: 'card_error', message } : { status: 'failed', message };
      }
      if (paymentIntent?.status === 'succeeded') return { status: 'succeeded' };
      return { status: 'failed', message: 'The payment was not completed. Please try again.' };
    });
  };

  const shownError = cardError ?? inputError;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Card payment" data-testid="stripe-card-form">
      <Stack gap="4">
        <Stack gap="1.5">
          <Text id={labelId} fontWeight="medium" fontSize="sm" onClick={() => elements?.getElement(CardElement)?.focus()}>
            Card details
          </Text>
          <Box
            role="group"
            aria-labelledby={labelId}
            borderWidth="1px"
            rounded="l2"
            px="3"
            py="3"
            bg="bg"
            borderColor={shownError ? 'border.error' : focused ? 'teal.500' : 'border'}
            outline={focused ? '1px solid' : 'none'}
            outlineColor="teal.500"
          >
            <CardElement
              options={{ hidePostalCode: true, disabled: processing, style: { base: { fontSize: '16px', color: '#1a202c', '::placeholder': { color: '#718096' } } } }}
              onChange={(event) => setInputError(event.error?.message ?? null)}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
            />
          </Box>
        </Stack>

        {shownError && (
          <Alert.Root status="error" role="alert" data-testid="card-error">
            <Alert.Indicator />
            <Alert.Title>{shownError}</Alert.Title>
          </Alert.Root>
        )}

        <Button type="submit" colorPalette="teal" size="lg" width="full" loading={processing} loadingText={PROCESSING_LABEL} disabled={!stripe || !elements}>
          <LuLock aria-hidden /> {payLabel}
        </Button>
      </Stack>
    </form>
  );
}
