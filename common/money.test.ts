import { formatMoney, fromCents, isMoney, normalizeMoney, toCents } from './money';

describe('money', () => {
  it('parses decimal text into integer cents', () => {
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('12')).toBe(1200n);
    expect(toCents('999999999999.99')).toBe(99999999999999n);
  });
  it('adds without floating-point error', () => {
    expect(fromCents(toCents('0.1') + toCents('0.2'))).toBe('0.30');
  });
  it('formats with grouping and two decimals', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney(5n)).toBe('0.05');
    expect(normalizeMoney('7')).toBe('7.00');
  });
  it('keeps canonical text as it is, and normalises everything else the long way', () => {
    for (const canonical of ['0.00', '0.50', '12.34', '999999999999.99']) expect(normalizeMoney(canonical)).toBe(canonical);
    expect(normalizeMoney('007.5')).toBe('7.50');
    expect(normalizeMoney('00.10')).toBe('0.10');
    expect(normalizeMoney('12.3')).toBe('12.30');
    expect(() => normalizeMoney('1234567890123.00')).toThrow('Not an amount');
  });
  it('recognises only plain non-negative decimals', () => {
    expect(['1', '1.5', '1.55'].every(isMoney)).toBe(true);
    expect(['', '-1', '1.555', '1e3', ' 1', '1,000', '0x10'].some(isMoney)).toBe(false);
  });
});
