// Numbers as the app writes them ("12,345"), in US English like its prices,
// without Intl: the first Intl formatter a page makes loads the browser's ICU
// locale data, one task of 150 to 260 ms on a phone (4x CPU, measured with
// `npm run bench:web:trace`) in the middle of drawing All Properties' cards.

/** "1234567" → "1,234,567": commas between groups of three digits of a run of digits. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * 12345.678 → "12,345.678"; as `toLocaleString('en-US')` writes it: commas between
 * thousands, at most three decimals (rounded, trailing zeros dropped).
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, fraction] = Math.abs(value).toFixed(3).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `.${decimals}` : ''}`;
}
