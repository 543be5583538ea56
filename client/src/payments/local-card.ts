// The plain card form's logic for the local Stripe-compatible payment server
// (server/local-services/local-stripe.ts): input formatting, the card's brand, a check
// before sending (length for the brand, the Luhn checksum, expiry, CVC), and the
// confirmation call, which goes straight to that server with the publishable key
// and the PaymentIntent's client secret, never to the app.
import { passesLuhn } from '@opennest/common/cards';
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

export interface CardBrand {
  name: string;
  /** Card number lengths the brand issues. */
  lengths: number[];
  cvcLength: number;
  /** Digits per group as printed on the card. */
  groups: number[];
}

const FOUR_BY_FOUR = [4, 4, 4, 4, 3];
const AMEX: CardBrand = { name: 'American Express', lengths: [15], cvcLength: 4, groups: [4, 6, 5] };

/** Brands by their number prefixes (issuer identification numbers), most specific first. */
const BRANDS: Array<{ prefix: RegExp; brand: CardBrand }> = [
  { prefix: /^3[47]/, brand: AMEX },
  { prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, brand: { name: 'Mastercard', lengths: [16], cvcLength: 3, groups: FOUR_BY_FOUR } },
  { prefix: /^4/, brand: { name: 'Visa', lengths: [13, 16, 19], cvcLength: 3, groups: FOUR_BY_FOUR } },
  { prefix: /^(6011|65|64[4-9])/, brand: { name: 'Discover', lengths: [16, 19], cvcLength: 3, groups: FOUR_BY_FOUR } },
  { prefix: /^(35(2[89]|[3-8]\d))/, brand: { name: 'JCB', lengths: [16, 19], cvcLength: 3, groups: FOUR_BY_FOUR } },
  { prefix: /^(36|30[0-5]|3095|38|39)/, brand: { name: 'Diners Club', lengths: [14, 16, 19], cvcLength: 3, groups: [4, 6, 4] } },
  { prefix: /^62/, brand: { name: 'UnionPay', lengths: [16, 17, 18, 19], cvcLength: 3, groups: FOUR_BY_FOUR } },
];

/** The card's brand from its first digits, or null while they say nothing yet (or name no brand we know). */
export function cardBrand(number: string): CardBrand | null {
  const d = digits(number);
  return BRANDS.find(({ prefix }) => prefix.test(d))?.brand ?? null;
}


/** "4242424242424242" → "4242 4242 4242 4242"; American Express as 4-6-5 (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const d = digits(value).slice(0, 19);
  const groups = cardBrand(d)?.groups ?? FOUR_BY_FOUR;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  if (at < d.length) parts.push(d.slice(at));
  return parts.join(' ');
}

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

/** Stripe's own texts for the same mistakes, so the form reads the same with either provider. */
export const CARD_NUMBER_INVALID = 'Your card number is invalid.';
export const CARD_NUMBER_INCOMPLETE = 'Your card number is incomplete.';

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
  const brand = cardBrand(number);
  const shortest = brand ? Math.min(...brand.lengths) : 12;
  if (!number) errors.number = 'Enter your card number.';
  else if (number.length < shortest) errors.number = CARD_NUMBER_INCOMPLETE;
  else if (!passesLuhn(number) || (brand && !brand.lengths.includes(number.length))) errors.number = CARD_NUMBER_INVALID;

  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) {
    errors.expiry = "Your card's expiration date is in the past.";
  }

  if (!card.cvc) errors.cvc = 'Enter the security code (CVC).';
  else if (!/^\d{3,4}$/.test(card.cvc) || card.cvc.length < (brand?.cvcLength ?? 3)) errors.cvc = "Your card's security code is incomplete.";
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
