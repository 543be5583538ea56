// Wall-clock times in an IANA time zone, with Intl only (no time-zone library):
// the browser turns "Saturday 10:30 at the listing" into an instant with it,
// and the tests use it to name slots. The server's slots come from PostgreSQL.

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone and options, made on first use and kept: making
 * one costs far more than using it (the agent's week made 143 for one render),
 * and the first one a page makes loads ICU's locale data.
 */
export function zonedFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}

let runtimeZone: string | undefined;

/** The runtime's own time zone (the browser's, for a page), read once. */
export const runtimeTimeZone = (): string => (runtimeZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The wall clock of instant `at` in `timeZone`, read as if it were UTC (milliseconds). */
function wallClockOf(at: number, timeZone: string): number {
  const parts = zonedFormatter('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) `time` (HH:MM). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  // The offset at the guess; twice is enough except inside a skipped hour (then the hour after).
  for (let i = 0; i < 3; i += 1) {
    const next = wall - (wallClockOf(guess, timeZone) - guess);
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

/** The local date (YYYY-MM-DD) of instant `at` in `timeZone`. */
export const zonedDate = (at: Date, timeZone: string) => new Date(wallClockOf(at.getTime(), timeZone)).toISOString().slice(0, 10);

/**
 * Instant `at` on the wall clock of `timeZone`, as "2026-05-30T10:30" (no offset). The API
 * sends viewing times this way too, so that a page writes them without Intl (common/local-time.ts).
 */
export const zonedWallClock = (at: Date, timeZone: string) => new Date(wallClockOf(at.getTime(), timeZone)).toISOString().slice(0, 16);

/** The local time (HH:MM) of instant `at` in `timeZone`. */
export const zonedClock = (at: Date, timeZone: string) => new Date(wallClockOf(at.getTime(), timeZone)).toISOString().slice(11, 16);

/** The ISO weekday (1 Monday .. 7 Sunday) of a local date. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** `date` plus `days` days (YYYY-MM-DD). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A time zone as people name it: its place, not its IANA id ('Asia/Dhaka' → 'Dhaka',
 * 'America/Argentina/Buenos_Aires' → 'Buenos Aires'); an id without a place ('UTC') as it is.
 */
export const zonePlace = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
