// The plain card form's logic for the local Stripe-compatible payment server
// (server/payments/local-stripe): input formatting, a basic check before
// sending, and the confirmation call, which goes straight to that server with
// the publishable key and the PaymentIntent's client secret, never to the app.
import type { ConfirmOutcome } from './card-form';

export interface CardInput {
  /** As typed, e.g. "4242 4242 4242 4242". */
  number: string;
  /** "MM/YY". */
  expiry: string;
  cvc: string;
}

export type CardInputErrors = Partial<Record<keyof CardInput, string>>;

const digits = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" → "12/30"; a leading digit above 1 is a month on its own: "4" → "04/". */
export function formatExpiry(value: string, previous = ''): string {
  // Autofill may bring a four-digit year: "12/2030" → "12/30".
  const long = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  if (long) return `${long[1].padStart(2, '0')}/${long[2]}`;
  let d = digits(value).slice(0, 4);
  if (d.length === 1 && d > '1') d = `0${d}`;
  // Deleting the slash deletes the digit before it too, so backspace is not stuck.
  if (previous.endsWith('/') && value === previous.slice(0, -1)) return d.slice(0, 1);
  if (d.length > 2 || (d.length === 2 && value.length > previous.length)) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return d;
}

export const formatCvc = (value: string) => digits(value).slice(0, 4);

/** { month, year (4 digits) } from "MM/YY", or null when it is not such a date. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** What can be told before asking the provider (which checks the rest, with its own messages). */
export function validateCard(card: CardInput, now = new Date()): CardInputErrors {
  const errors: CardInputErrors = {};
  const number = digits(card.number);
  if (!number) errors.number = 'Enter your card number.';
  else if (number.length < 12) errors.number = 'Your card number is incomplete.';

  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) {
    errors.expiry = "Your card's expiration date is in the past.";
  }

  if (!card.cvc) errors.cvc = 'Enter the security code (CVC).';
  else if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = "Your card's security code is incomplete.";
  return errors;
}

interface ConfirmRequest {
  apiUrl: string;
  publishableKey: string;
  paymentIntentId: string;
  clientSecret: string;
  card: CardInput;
}

/** POST {apiUrl}/v1/payment_intents/{id}/confirm, form-encoded, as Stripe.js would. */
export async function confirmWithLocalServer({ apiUrl, publishableKey, paymentIntentId, clientSecret, card }: ConfirmRequest, fetcher: typeof fetch = fetch): Promise<ConfirmOutcome> {
  const expiry = parseExpiry(card.expiry);
  const body = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': digits(card.number),
    'payment_method_data[card][exp_month]': String(expiry?.month ?? ''),
    'payment_method_data[card][exp_year]': String(expiry?.year ?? ''),
    'payment_method_data[card][cvc]': card.cvc,
  });
  let response: Response;
  try {
    response = await fetcher(`${apiUrl.replace(/\/$/, '')}/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  } catch {
    return { status: 'failed', message: 'Could not reach the payment server. Check your connection and try again.' };
  }
  const answer = (await response.json().catch(() => null)) as { status?: unknown; error?: { type?: unknown; message?: unknown } } | null;
  if (!response.ok) {
    const error = answer?.error;
    const message = typeof error?.message === 'string' && error.message ? error.message : `The payment server answered ${response.status}.`;
    return error?.type === 'card_error' ? { status: 'card_error', message } : { status: 'failed', message };
  }
  if (answer?.status === 'succeeded') return { status: 'succeeded' };
  return { status: 'failed', message: 'The payment was not completed. Please try again.' };
}

export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
] as const;
