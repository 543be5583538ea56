// PostgreSQL's text for a timestamptz ("2026-11-30 10:00:00.123456+00", DateStyle
// ISO), read into a Date by hand. The driver's own reader (postgres-date) runs a
// regular expression and builds the Date through local-time setters; on the
// agent's week (500 viewings, eight timestamps each) it was the app's largest
// single cost after garbage collection. Anything not of the plain shape (BC
// years, years before 100 or after 9999, infinity) goes to the driver's reader.
import pg from 'pg';

const TIMESTAMPTZ_OID = 1184;
const PLUS = 43;
const MINUS = 45;

const driverReader = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number;

/** The decimal number text[from, to) writes, or NaN if a character there is no digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** The instant a timestamptz's text names (the driver's reader for what is not "YYYY-MM-DD hh:mm:ss[.f]±hh[:mm]"). */
export function readTimestamptz(text: string): Date | number {
  const length = text.length;
  if (length < 22 || text[4] !== '-' || text[10] !== ' ') return driverReader(text);
  const signShort = text.charCodeAt(length - 3);
  const signLong = text.charCodeAt(length - 6);
  let offsetMinutes: number;
  let end: number;
  if (signShort === PLUS || signShort === MINUS) {
    offsetMinutes = digits(text, length - 2, length) * 60 * (signShort === MINUS ? -1 : 1);
    end = length - 3;
  } else if ((signLong === PLUS || signLong === MINUS) && text[length - 3] === ':') {
    offsetMinutes = (digits(text, length - 5, length - 3) * 60 + digits(text, length - 2, length)) * (signLong === MINUS ? -1 : 1);
    end = length - 6;
  } else {
    return driverReader(text);
  }
  let milliseconds = 0;
  if (end > 19) {
    if (text[19] !== '.') return driverReader(text);
    // Microseconds are cut to milliseconds, as the driver's reader does.
    const fractionEnd = Math.min(end, 23);
    milliseconds = digits(text, 20, fractionEnd) * 10 ** (3 - (fractionEnd - 20));
  }
  const year = digits(text, 0, 4);
  // Date.UTC reads years 0 to 99 as 1900 to 1999.
  if (!(year >= 100)) return driverReader(text);
  const time = Date.UTC(year, digits(text, 5, 7) - 1, digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16), digits(text, 17, 19), milliseconds) - offsetMinutes * 60_000;
  return Number.isNaN(time) ? driverReader(text) : new Date(time);
}

/** The driver's readers, with timestamptz read by readTimestamptz (a query's `types`). */
export const fastTimestampTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMPTZ_OID && format !== 'binary' ? readTimestamptz : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};
