// What PostgreSQL can store, as facts both sides check values against: the form
// schemas (common/validation), the GraphQL scalars and cursors, and, as the one
// check nothing passes without, the database client itself (server/db/storable-arguments.ts),
// which refuses a query carrying a value outside these bounds before it is sent.
// A value that passes validation can then always be stored: the database never
// answers a caller's input with a data exception (SQLSTATE class 22).

/**
 * Years of a time or date: what ISO 8601 text with a four-digit year holds, and
 * so what JavaScript, the pg driver and PostgreSQL all read the same way.
 * PostgreSQL's own range is wider (4713 BC to 294276 AD for timestamps), but it
 * has no year 0, and the driver writes years past 9999 and before 1 in forms it
 * refuses (SQLSTATE 22008, 22009).
 */
export const STORABLE_YEARS = { min: 1, max: 9999 } as const;

/** The UTC time at the start of a day, any year (Date.UTC reads years 0-99 as 1900-1999). */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

const FIRST_STORABLE_TIME = utcDay(STORABLE_YEARS.min, 1, 1).getTime();
const LAST_STORABLE_TIME = utcDay(STORABLE_YEARS.max + 1, 1, 1).getTime() - 1;

/** A valid Date in years 1 to 9999 (UTC). */
export function isStorableTime(value: Date): boolean {
  const time = value.getTime();
  return Number.isFinite(time) && time >= FIRST_STORABLE_TIME && time <= LAST_STORABLE_TIME;
}

/** `YYYY-MM-DD` naming a day that exists (no 30 February, no month 13), in years 1 to 9999. */
export function isCalendarDate(text: unknown): text is string {
  const match = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = utcDay(year, month, day);
  // JavaScript rolls 30 February over into March: a real day comes back as written.
  return year >= STORABLE_YEARS.min && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** PostgreSQL `integer`. */
export const INT4 = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;

export const isInt4 = (value: number) => Number.isInteger(value) && value >= INT4.min && value <= INT4.max;

/**
 * Decimal text that NUMERIC(precision, scale) holds without rounding or
 * overflow: at most `precision - scale` integer digits and `scale` decimals.
 */
export function fitsNumeric(text: string, precision: number, scale: number): boolean {
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return false;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  return whole.length <= precision - scale && (match[2] ?? '').length <= scale;
}

/** PostgreSQL text, varchar and jsonb cannot hold U+0000 (SQLSTATE 22021, 22P05). */
export const hasNulCharacter = (text: string) => text.includes('\u0000');

/**
 * Text PostgreSQL stores as it was sent: no NUL, and no lone UTF-16 surrogate
 * (jsonb refuses its \\u escape, SQLSTATE 22P05; text would silently get U+FFFD).
 */
export const isStorableText = (text: string) => !hasNulCharacter(text) && !LONE_SURROGATE.test(text);

// String.prototype.isWellFormed is ES2024; this is the same test for the targets common/ is built for.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A UUID in PostgreSQL's canonical text form (what every record id is). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
