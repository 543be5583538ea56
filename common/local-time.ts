// Dates and times as the app writes them in the viewer's own time zone
// ("21 Nov 2026, 09:30"), in British English with a 24-hour clock like the
// viewings' times (client/src/viewings/viewing-parts.tsx), without Intl: the
// first Intl formatter a page makes loads the browser's ICU locale data, one
// task of 90 to 170 ms on a phone (4x CPU, measured in Chromium), and the home
// page's latest reviews, and the details page's dates, were its only Intl. `Date`'s own local getters
// read the time zone without it.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "09:30": the local hour and minute of `date`. */
const clockOf = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

/** "21 Nov 2026": the local date of `date` in the runtime's time zone. */
export function formatLocalDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()].slice(0, 3)} ${date.getFullYear()}`;
}

/** "21 Nov 2026, 09:30" in the runtime's time zone. */
export function formatLocalDateTime(date: Date): string {
  return `${formatLocalDate(date)}, ${clockOf(date)}`;
}

/** "Saturday, 21 November 2026 at 09:30" in the runtime's time zone. */
export function formatLocalDateTimeLong(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()} at ${clockOf(date)}`;
}
