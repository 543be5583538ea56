// Stripe's documented test cards, and what a card charge does with each.
// https://docs.stripe.com/testing — only the behaviour the app relies on.
import { passesLuhn } from '@opennest/common/cards';

export type CardOutcome =
  | { ok: true; brand: string; last4: string }
  | { ok: false; code: string; declineCode?: string; message: string; param?: string };

const DECLINES: Record<string, CardOutcome> = {
  '4000000000000002': { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { ok: false, code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' },
  '4000000000000119': { ok: false, code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
  '6011111111111117': 'discover',
};

/** Stripe's test PaymentMethod ids (pm_card_visa...) and the card each stands for. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string;
}

export function chargeCard(card: CardDetails, now = new Date()): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' };
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfExpiryMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (!Number.isInteger(year) || endOfExpiryMonth <= now) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' };
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc)) {
    return { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' };
  }
  const decline = DECLINES[number];
  if (decline) return decline;
  const brand = SUCCEEDS[number];
  if (brand) return { ok: true, brand, last4: number.slice(-4) };
  return {
    ok: false,
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card.',
  };
}
