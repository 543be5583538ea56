import { Alert, Box, Button, Code, Field, Grid, Input, List, Stack, Text, type InputProps } from '@chakra-ui/react';
import '../ui/recipes/list';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type Ref } from 'react';
import { LuCreditCard, LuLock } from 'react-icons/lu';
import { PROCESSING_LABEL, type CardFormProps } from './card-form';
import { cardBrand, confirmWithLocalServer, formatCardNumber, formatCvc, formatExpiry, TEST_CARDS, validateCard, type CardInput, type CardInputErrors } from './local-card';

interface LocalCardFormProps extends CardFormProps {
  /** The local payment server (runtime config payments.apiUrl). */
  apiUrl: string;
  publishableKey: string;
}

/** Each card input's form name, autofill token and formatting of what is typed. */
const CARD_INPUTS: Record<keyof CardInput, { name: string; autoComplete: string; format(typed: string, previous: string): string }> = {
  number: { name: 'cardnumber', autoComplete: 'cc-number', format: (typed) => formatCardNumber(typed) },
  expiry: { name: 'cc-exp', autoComplete: 'cc-exp', format: (typed, previous) => formatExpiry(typed, previous) },
  cvc: { name: 'cvc', autoComplete: 'cc-csc', format: (typed) => formatCvc(typed) },
};

/** The inputs in the form's order: a submit focuses the first one with an error. */
const CARD_FIELDS = ['number', 'expiry', 'cvc'] as const;

/**
 * A plain card form for the local Stripe-compatible payment server (Stripe.js
 * cannot load offline). It confirms the payment with that server directly.
 * Loaded lazily by the payment page, and left out of builds made with Stripe keys.
 */
export default function LocalCardForm({ apiUrl, publishableKey, clientSecret, paymentIntentId, payLabel, processing, cardError, onPay }: LocalCardFormProps) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardInputErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = { number: useRef<HTMLInputElement>(null), expiry: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null) };
  const brand = cardBrand(card.number);

  // A refused card: the message is announced (role=alert) and the number field gets focus for another card.
  useEffect(() => {
    if (cardError) refs.number.current?.focus();
    // (useRef gives the same ref object on every render.)
  }, [cardError]);

  const update = (field: keyof CardInput, value: string) => {
    const next = { ...card, [field]: value };
    setCard(next);
    // Once submitted, messages follow the typing.
    if (submitted) setErrors(validateCard(next));
  };

  /** What binds one card input to the form: its ref, name, autofill token, value and formatting. */
  const bound = (field: keyof CardInput) => ({
    ref: refs[field],
    name: CARD_INPUTS[field].name,
    autoComplete: CARD_INPUTS[field].autoComplete,
    value: card[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, CARD_INPUTS[field].format(event.target.value, card[field])),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    setSubmitted(true);
    const found = validateCard(card);
    setErrors(found);
    const firstWrong = CARD_FIELDS.find((field) => found[field]);
    if (firstWrong) return refs[firstWrong].current?.focus();
    await onPay(() => confirmWithLocalServer({ apiUrl, publishableKey, paymentIntentId, clientSecret, card }));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Card payment" data-testid="local-card-form">
      <Stack gap="4">
        <CardField label="Card number" error={errors.number} disabled={processing} helper={brand && !errors.number && <Field.HelperText data-testid="card-brand">{brand.name}</Field.HelperText>}>
          <Box position="relative" width="full">
            <CardInputBox {...bound('number')} placeholder="1234 1234 1234 1234" maxLength={23} pe="10" />
            <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" aria-hidden>
              <LuCreditCard />
            </Box>
          </Box>
        </CardField>
        <Grid templateColumns="1fr 1fr" gap="4">
          <CardField label="Expiry date (MM/YY)" error={errors.expiry} disabled={processing}>
            <CardInputBox {...bound('expiry')} placeholder="MM/YY" maxLength={7} />
          </CardField>
          <CardField label="CVC" error={errors.cvc} disabled={processing}>
            <CardInputBox {...bound('cvc')} placeholder={brand?.cvcLength === 4 ? '1234' : '123'} maxLength={brand?.cvcLength ?? 4} />
          </CardField>
        </Grid>

        {cardError && (
          <Alert.Root status="error" role="alert" data-testid="card-error">
            <Alert.Indicator />
            <Alert.Title>{cardError}</Alert.Title>
          </Alert.Root>
        )}

        <Button type="submit" colorPalette="teal" size="lg" width="full" loading={processing} loadingText={PROCESSING_LABEL}>
          <LuLock aria-hidden /> {payLabel}
        </Button>

        <Box borderWidth="1px" borderStyle="dashed" rounded="md" p="3" bg="bg.subtle" data-testid="test-cards-hint">
          <Text fontSize="sm" fontWeight="medium" mb="1">
            Test mode: no real money moves. Use any future expiry date and any CVC with:
          </Text>
          <List.Root fontSize="sm" color="fg.muted" ps="4" gap="0.5">
            {TEST_CARDS.map((test) => (
              <List.Item key={test.number}>
                <Code fontSize="xs">{test.number}</Code> {test.outcome}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      </Stack>
    </form>
  );
}

/** One labelled card input with its error (and, for the number, the card's brand). */
function CardField({ label, error, disabled, helper, children }: { label: string; error: string | undefined; disabled: boolean; helper?: ReactNode; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** A card input: digits typed on a numeric keypad, in a fixed-width font. */
const CardInputBox = (props: InputProps & { ref: Ref<HTMLInputElement> }) => <Input inputMode="numeric" fontFamily="mono" {...props} />;
