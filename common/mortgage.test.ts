import { middleOfRange, mortgagePayment } from './mortgage';
import { MORTGAGE_MESSAGES, mortgageSchema } from './validation/mortgage';

const monthly = (price: string, deposit: string, annualRatePercent: string, years: number) => mortgagePayment({ price, deposit, annualRatePercent, years }).monthly;

describe('the monthly payment of a repayment mortgage', () => {
  it('matches published figures', () => {
    expect(monthly('200000', '0', '5', 25)).toBe('1169.18');
    expect(monthly('300000', '60000', '4.5', 30)).toBe('1216.04');
    expect(monthly('100000', '0', '6', 30)).toBe('599.55');
    expect(monthly('250000', '50000', '3.875', 15)).toBe('1466.88');
  });

  it('spreads the loan evenly at 0 %, rounded to the nearest cent, halves up', () => {
    expect(monthly('120000', '0', '0', 10)).toBe('1000.00');
    expect(monthly('100000', '0', '0', 30)).toBe('277.78');
    expect(monthly('1000', '0', '0.000', 1)).toBe('83.33');
    // 6 cents over 12 months is exactly half a cent: up.
    expect(monthly('0.06', '0', '0', 1)).toBe('0.01');
  });

  it('gives the loan, the number of payments and the totals at the rounded payment', () => {
    expect(mortgagePayment({ price: '200000.00', deposit: '20000.00', annualRatePercent: '5', years: 25 })).toEqual({
      loan: '180000.00',
      monthly: '1052.26',
      months: 300,
      totalRepaid: '315678.00',
      totalInterest: '135678.00',
    });
    expect(mortgagePayment({ price: '500000', deposit: '500000', annualRatePercent: '7', years: 20 })).toMatchObject({ loan: '0.00', monthly: '0.00', totalInterest: '0.00' });
  });

  it('stays exact at the largest amounts, rates and terms the form allows', () => {
    const { monthly: largest } = mortgagePayment({ price: '999999999999.99', deposit: '0', annualRatePercent: '30', years: 40 });
    // At 30 % the interest alone is 2.5 % of the loan a month; repaying it over 40 years adds little (checked with 60-digit decimals).
    expect(largest).toBe('25000178027.75');
  });

  it('refuses what the form refuses: a deposit above the price, an unknown rate or term', () => {
    expect(() => monthly('100', '101', '5', 25)).toThrow();
    expect(() => monthly('100', '0', '5.0001', 25)).toThrow();
    expect(() => monthly('100', '0', '5', 0)).toThrow();
    expect(() => monthly('100', '0', '5', 41)).toThrow();
  });

  it('starts from the middle of a listing’s price range, to the cent', () => {
    expect(middleOfRange('1000.00', '2000.00')).toBe('1500.00');
    expect(middleOfRange('1000.00', '2000.01')).toBe('1500.00');
    expect(middleOfRange('350000.00', '350000.00')).toBe('350000.00');
  });
});

describe('the calculator form’s rules', () => {
  const errorsOf = async (values: Record<string, unknown>) => {
    try {
      await mortgageSchema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      // The first message of each field, as the form shows it (Formik's yupToFormErrors).
      const first: Record<string, string> = {};
      for (const { path, message } of (error as { inner: Array<{ path: string; message: string }> }).inner) first[path] ??= message;
      return first;
    }
  };

  it('accepts a typical mortgage, numbers from inputs included', async () => {
    expect(await errorsOf({ price: 200000, deposit: '20000.50', annualRate: ' 4.125 ', years: '25' })).toEqual({});
    expect(await errorsOf({ price: '1', deposit: '0', annualRate: '0', years: '1' })).toEqual({});
  });

  it('says what is wrong with each field', async () => {
    expect(await errorsOf({ price: '', deposit: '', annualRate: '', years: '' })).toEqual({
      price: MORTGAGE_MESSAGES.priceRequired,
      deposit: MORTGAGE_MESSAGES.depositRequired,
      annualRate: MORTGAGE_MESSAGES.rateRequired,
      years: MORTGAGE_MESSAGES.termRequired,
    });
    expect(await errorsOf({ price: '0', deposit: '1', annualRate: '30.5', years: '41' })).toEqual({
      price: MORTGAGE_MESSAGES.pricePositive,
      deposit: MORTGAGE_MESSAGES.depositAbovePrice,
      annualRate: MORTGAGE_MESSAGES.rate,
      years: MORTGAGE_MESSAGES.term,
    });
    expect(await errorsOf({ price: '1e5', deposit: '-1', annualRate: 'five', years: '2.5' })).toMatchObject({
      price: 'Enter an amount with at most 12 digits and 2 decimals',
      deposit: 'Enter an amount with at most 12 digits and 2 decimals',
      annualRate: MORTGAGE_MESSAGES.rate,
      years: MORTGAGE_MESSAGES.term,
    });
  });
});
