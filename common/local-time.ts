// Dates and times as the app writes them in the viewer's own time zone
// ("21 Nov 2026, 09:30"), in British English with a 24-hour clock like the
// viewings' times (client/src/viewings/viewing-parts.tsx), without Intl: the
// first Intl formatter a page makes loads the browser's ICU locale data, one
// task of 90 to 170 ms on a phone (4x CPU, measured in Chromium), and the home
// page's latest reviews, the details page's dates and the dashboards' times
// were most pages' only Intl. `Date`'s own local getters read the time zone
// without it. The viewings' times are in the listing's time zone, which only
// Intl knows: the API sends them on the listing's wall clock as well
// ("2026-05-30T10:30", `localStart`), and the pages write them from that.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "09:30": the local hour and minute of `date`. */
const clockOf = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** "21 Nov 2026": the local date of `date` in the runtime's time zone. */
export function formatLocalDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()].slice(0, 3)} ${date.getFullYear()}`;
}

/** "21 Nov 2026, 09:30" in the runtime's time zone; with `seconds`, "21 Nov 2026, 09:30:05". */
export function formatLocalDateTime(date: Date, { seconds = false }: { seconds?: boolean } = {}): string {
  return `${formatLocalDate(date)}, ${clockOf(date)}${seconds ? `:${twoDigits(date.getSeconds())}` : ''}`;
}

/** An ISO instant as `formatLocalDateTime` writes it, or "—" for none. */
export const formatLocalDateTimeOf = (iso: string | null | undefined, options?: { seconds?: boolean }): string => (iso ? formatLocalDateTime(new Date(iso), options) : '—');

/**
 * A calendar date as the API sends it ("2026-11-21", or the start of an ISO
 * instant) → "21 Nov 2026", or "21 Nov" without `year`. Read from its digits:
 * a day with no time zone never shifts by one. Anything else comes back as it is.
 */
export function formatCalendarDay(value: unknown, { year = true }: { year?: boolean } = {}): string {
  const text = String(value ?? '');
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return text;
  const [, y, m, d] = match.map(Number);
  // A day the calendar has (not 31 Feb): the UTC date of those numbers is the same day.
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d || m < 1 || m > 12) return text;
  return `${d} ${MONTHS[m - 1].slice(0, 3)}${year ? ` ${match[1]}` : ''}`;
}

/** "Saturday, 21 November 2026 at 09:30" in the runtime's time zone. */
export function formatLocalDateTimeLong(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()} at ${clockOf(date)}`;
}

/** The calendar day of a local date ("2026-05-30") or wall-clock time ("2026-05-30T10:30"), read from its digits. */
function dayOf(wall: string): Date {
  const [year, month, day] = wall.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** "Sat, 30 May 2026, 10:30": a wall-clock time as the API sends it ("2026-05-30T10:30", no offset), as it reads. */
export function formatWallDateTime(wall: string): string {
  const day = dayOf(wall);
  return `${WEEKDAYS[day.getUTCDay()].slice(0, 3)}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()].slice(0, 3)} ${day.getUTCFullYear()}, ${wall.slice(11, 16)}`;
}

/** "10:30": the clock of a wall-clock time ("2026-05-30T10:30"). */
export const formatWallClock = (wall: string): string => wall.slice(11, 16);

/** "Saturday": the weekday of a local date ("2026-05-30"). */
export const formatWeekday = (date: string): string => WEEKDAYS[dayOf(date).getUTCDay()];

/** "30 May": the day and month of a local date ("2026-05-30"). */
export function formatDayAndMonth(date: string): string {
  const day = dayOf(date);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** "Saturday 30 May": a local date ("2026-05-30") in words. */
export const formatLongDay = (date: string): string => `${formatWeekday(date)} ${formatDayAndMonth(date)}`;

/** "2026-05-30": the runtime's own calendar day of `date` (the browser's, for a page). */
export const localCalendarDay = (date: Date): string => `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** The runtime's midnight (the browser's) starting a calendar day ("2026-05-30"); in a zone that skips midnight, the hour after. */
export function startOfLocalDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/**
 * Whether a wall-clock time is the runtime's own clock at that instant: the listing's
 * offset then (its wall clock less the instant) is the runtime's. A page says the
 * listing's zone beside a time only when the two differ.
 */
export const isRuntimeWallClock = (instant: string, wall: string): boolean =>
  Math.round((Date.parse(`${wall}:00Z`) - Date.parse(instant)) / 60_000) === -new Date(instant).getTimezoneOffset();
