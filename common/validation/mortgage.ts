// The affordability calculator's form rules (issue 19): the same checks the
// pure function needs (common/mortgage.ts), with messages for the form.
import { object, string } from 'yup';
import { isMoney, moneyText, toCents } from '../money';
import { MAX_RATE_PERCENT, MAX_TERM_YEARS, MIN_TERM_YEARS, RATE_PATTERN } from '../mortgage';
import { AMOUNT_FORMAT_MESSAGE } from './property';

export const MORTGAGE_MESSAGES = {
  priceRequired: 'Price is required',
  pricePositive: 'Price must be more than 0',
  depositRequired: 'Deposit is required',
  depositAbovePrice: 'Deposit cannot be more than the price',
  rateRequired: 'Interest rate is required',
  rate: `Enter a rate from 0 to ${MAX_RATE_PERCENT} with at most 3 decimals`,
  termRequired: 'Term is required',
  term: `Enter a whole number of years from ${MIN_TERM_YEARS} to ${MAX_TERM_YEARS}`,
} as const;

const money = (required: string) =>
  string()
    .transform((_value, original) => moneyText(original))
    .required(required)
    .test('amount-format', AMOUNT_FORMAT_MESSAGE, (value) => value === undefined || isMoney(value));

export const mortgageSchema = object({
  price: money(MORTGAGE_MESSAGES.priceRequired).test('positive', MORTGAGE_MESSAGES.pricePositive, (value) => !isMoney(value) || toCents(value) > 0n),
  deposit: money(MORTGAGE_MESSAGES.depositRequired).test('not-above-price', MORTGAGE_MESSAGES.depositAbovePrice, (value, context) => {
    const price = moneyText(context.parent.price);
    return !isMoney(value) || !isMoney(price) || toCents(value) <= toCents(price);
  }),
  annualRate: string()
    .trim()
    .required(MORTGAGE_MESSAGES.rateRequired)
    .test('rate', MORTGAGE_MESSAGES.rate, (value) => value === undefined || (RATE_PATTERN.test(value) && Number(value) <= MAX_RATE_PERCENT)),
  years: string()
    .trim()
    .required(MORTGAGE_MESSAGES.termRequired)
    .test('term', MORTGAGE_MESSAGES.term, (value) => value === undefined || (/^\d{1,2}$/.test(value) && Number(value) >= MIN_TERM_YEARS && Number(value) <= MAX_TERM_YEARS)),
});
