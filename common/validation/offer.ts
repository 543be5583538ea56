// Offer rules (spec section 5). The range comes from the current property on the
// server, never from numbers the client sent.
import { object, string } from 'yup';
import { isMoney, moneyText, toCents } from '../money';
import { isCalendarDate } from '../storable';
import { AMOUNT_FORMAT_MESSAGE } from './property';

export const OFFER_RANGE_MESSAGE = 'Offer must be within the price range.';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface PriceRange {
  priceMin: string;
  priceMax: string;
}

/** Today's date as YYYY-MM-DD in the caller's local time zone. */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function createOfferSchema(range: PriceRange, today = todayIsoDate()) {
  return object({
    offerAmount: string()
      .transform((_value, original) => moneyText(original))
      .required('Offer amount is required')
      .test('amount-format', AMOUNT_FORMAT_MESSAGE, (value) => value === undefined || isMoney(value))
      .test('within-range', OFFER_RANGE_MESSAGE, (value) => {
        if (!isMoney(value)) return true;
        const cents = toCents(value);
        return cents >= toCents(range.priceMin) && cents <= toCents(range.priceMax);
      }),
    buyingDate: string()
      .required('Buying date is required')
      .matches(ISO_DATE, 'Enter the date as YYYY-MM-DD')
      // The shape alone lets 2026-02-30 through (JavaScript would store 2 March) and 2026-02-32 (no date at all).
      .test('calendar-date', 'Enter the date as YYYY-MM-DD', (value) => !value || !ISO_DATE.test(value) || isCalendarDate(value))
      .test('not-in-past', 'Buying date cannot be in the past', (value) => !value || !ISO_DATE.test(value) || value >= today),
  });
}
