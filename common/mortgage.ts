// The affordability calculator's arithmetic (issue 19): a repayment mortgage's
// monthly payment from the price, the deposit, the annual interest rate and the
// term. Exact like every amount in the project (money.ts): amounts are integer
// cents, the rate is integer thousandths of a percent, and the annuity formula
//
//   monthly = loan × r × (1 + r)^n / ((1 + r)^n − 1),   r = annual rate / 12, n = months
//
// is evaluated as one exact fraction of BigInts ((1 + r) = (B + m) / B with
// B = 1,200,000 and m the rate in thousandths of a percent), so no binary
// floating point touches it. Rounding happens once, at the end: the monthly
// payment is rounded to the nearest cent, halves up. (A lender's last payment
// then differs from the others by the few cents that rounding left over; the
// totals below assume every payment is the rounded one.) A 0 % rate is the loan
// spread evenly: loan / n, rounded the same way.
import { fromCents, toCents } from './money';

/** A rate as typed: a percentage with at most 3 decimals ("5", "4.125"). */
export const RATE_PATTERN = /^\d{1,2}(\.\d{1,3})?$/;
/** The bounds the form allows (common/validation/mortgage.ts). */
export const MAX_RATE_PERCENT = 30;
export const MIN_TERM_YEARS = 1;
export const MAX_TERM_YEARS = 40;

export interface MortgageInput {
  /** Money strings (money.ts): the price, and the deposit (at most the price). */
  price: string;
  deposit: string;
  /** The annual interest rate in percent, as RATE_PATTERN text. */
  annualRatePercent: string;
  /** The term in whole years. */
  years: number;
}

export interface MortgagePayment {
  /** Money strings, two decimals. */
  loan: string;
  monthly: string;
  months: number;
  totalRepaid: string;
  totalInterest: string;
}

/** "4.125" → 4125n (thousandths of a percent). */
function rateThousandths(rate: string): bigint {
  if (!RATE_PATTERN.test(rate)) throw new Error(`Not a rate: ${rate}`);
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
}

/** numerator / denominator (both positive) to the nearest integer, halves up. */
const roundHalfUp = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);

/** Months per year × 100 % × 1000 (the rate's thousandths): 1 + r = (B + m) / B. */
const B = 1_200_000n;

export function mortgagePayment({ price, deposit, annualRatePercent, years }: MortgageInput): MortgagePayment {
  const loan = toCents(price) - toCents(deposit);
  if (loan < 0n) throw new Error('The deposit is more than the price.');
  if (!Number.isInteger(years) || years < MIN_TERM_YEARS || years > MAX_TERM_YEARS) throw new Error(`Not a term: ${years}`);
  const months = years * 12;
  const m = rateThousandths(annualRatePercent);
  let monthly: bigint;
  if (loan === 0n) monthly = 0n;
  else if (m === 0n) monthly = roundHalfUp(loan, BigInt(months));
  else {
    const grown = (B + m) ** BigInt(months);
    const base = B ** BigInt(months);
    monthly = roundHalfUp(loan * m * grown, B * (grown - base));
  }
  const totalRepaid = monthly * BigInt(months);
  return { loan: fromCents(loan), monthly: fromCents(monthly), months, totalRepaid: fromCents(totalRepaid), totalInterest: fromCents(totalRepaid - loan) };
}

/**
 * The price a listing's calculator starts from: its price, or the middle of its
 * range (rounded down to the cent).
 */
export const middleOfRange = (priceMin: string, priceMax: string) => fromCents((toCents(priceMin) + toCents(priceMax)) / 2n);
