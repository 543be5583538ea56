import { fitsNumeric, isCalendarDate, isInt4, isStorableText, isStorableTime } from './storable';

describe('what PostgreSQL stores', () => {
  it.each([
    ['0000-01-01T00:00:00.000Z', false],
    ['0001-01-01T00:00:00.000Z', true],
    ['1970-01-01T00:00:00.000Z', true],
    ['9999-12-31T23:59:59.999Z', true],
    ['+010000-01-01T00:00:00.000Z', false],
    ['-004713-11-24T00:00:00.000Z', false],
    ['not a time', false],
  ])('time %s: %s', (text, storable) => {
    expect(isStorableTime(new Date(text))).toBe(storable);
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2099-02-30', false],
    ['2099-04-31', false],
    ['2099-13-01', false],
    ['2099-00-10', false],
    ['2099-01-00', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['2099-1-1', false],
    ['+275760-09-13', false],
  ])('calendar date %s: %s', (text, real) => {
    expect(isCalendarDate(text)).toBe(real);
  });

  it('NUMERIC(14,2): at most 12 integer digits and 2 decimals, no rounding', () => {
    expect(['999999999999.99', '0.5', '-1.00', '00001.50'].map((text) => fitsNumeric(text, 14, 2))).toEqual([true, true, true, true]);
    expect(['1000000000000.00', '1.005', '1e3', '', '.5'].map((text) => fitsNumeric(text, 14, 2))).toEqual([false, false, false, false, false]);
  });

  it('integer: int4', () => {
    expect([0, -(2 ** 31), 2 ** 31 - 1].every(isInt4)).toBe(true);
    expect([2 ** 31, -(2 ** 31) - 1, 1.5, Number.NaN].some(isInt4)).toBe(false);
  });

  it('text: no NUL, no lone surrogate; paired surrogates (emoji) are text', () => {
    expect(['', 'plain', '😀', 'مرحبا', 'e\u0301'].every(isStorableText)).toBe(true);
    expect(['a\u0000b', '\ud800', 'a\udc00b', '\ud83d'].some(isStorableText)).toBe(false);
  });
});
