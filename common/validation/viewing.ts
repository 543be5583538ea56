// Viewings (issue 20): a listing's availability, reasons, feedback and open
// houses, checked with the same rules and messages by the agent's and buyer's
// forms and by the server (server/viewings). Times of day are "HH:MM" in the
// listing's time zone; dates are "YYYY-MM-DD" there too.
import { array, number, object, string, type TestContext } from 'yup';

export const VIEWING_MINUTES_MIN = 15;
export const VIEWING_MINUTES_MAX = 120;
/** Windows per listing (weekly and one-off each), blocked dates per listing. */
export const WINDOWS_MAX = 50;
export const BLOCKED_DATES_MAX = 366;
export const REASON_MAX_LENGTH = 500;
export const FEEDBACK_MAX_LENGTH = 2000;
export const OPEN_HOUSE_NOTE_MAX_LENGTH = 300;
/** How far ahead a viewing or an open house may be. */
export const BOOKING_HORIZON_DAYS = 90;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const UNKNOWN_TIME_ZONE = 'Unknown time zone: choose one such as Europe/London';
export const WINDOWS_OVERLAP = 'Windows on the same day must not overlap';
export const WINDOW_ENDS_BEFORE_START = 'A window must end after it starts';
export const WINDOW_TOO_SHORT = 'A window must be at least as long as one viewing';

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Minutes after midnight of a valid "HH:MM" ("24:00" is the day's end). */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** "HH:MM" of minutes after midnight. */
export const timeOfDay = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whether the runtime knows `name` as an IANA time zone (the server also asks PostgreSQL). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeOfDayField = (label: string) => string().trim().required(`${label} is required`).matches(TIME_OF_DAY, `${label} must be a time such as 10:30`);
const dateField = (label: string) =>
  string()
    .trim()
    .required(`${label} is required`)
    .matches(DATE, `${label} must be a date such as 2026-05-30`)
    .test('real-date', `${label} must be a real date`, (value) => !value || !DATE.test(value) || new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));

const windowShape = {
  start: timeOfDayField('Start'),
  end: timeOfDayField('End').test('after-start', WINDOW_ENDS_BEFORE_START, function (value) {
    const start: unknown = this.parent.start;
    return !value || typeof start !== 'string' || !TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(value) || minutesOfDay(value) > minutesOfDay(start);
  }),
};

interface Window {
  start?: string;
  end?: string;
}

/** Whether some two windows with the same `dayOf` overlap (touching ends are fine). */
function overlapping<W extends Window>(windows: W[] | undefined, dayOf: (window: W) => unknown): boolean {
  const valid = (windows ?? []).filter((w) => w.start && w.end && TIME_OF_DAY.test(w.start) && TIME_OF_DAY.test(w.end));
  return valid.some((a, i) => valid.some((b, j) => j > i && dayOf(a) === dayOf(b) && minutesOfDay(a.start!) < minutesOfDay(b.end!) && minutesOfDay(b.start!) < minutesOfDay(a.end!)));
}

/** Every window holds at least one viewing of the chosen length. */
function longEnough(this: TestContext, windows: Window[] | undefined) {
  const length: unknown = this.parent.viewingMinutes;
  if (typeof length !== 'number') return true;
  return (windows ?? []).every((w) => !w.start || !w.end || !TIME_OF_DAY.test(w.start) || !TIME_OF_DAY.test(w.end) || minutesOfDay(w.end) - minutesOfDay(w.start) >= length);
}

export const viewingAvailabilitySchema = object({
  timeZone: string().trim().required('Time zone is required').test('known', UNKNOWN_TIME_ZONE, (value) => !value || isTimeZone(value)),
  viewingMinutes: number()
    .typeError('Viewing length must be a number of minutes')
    .required('Viewing length is required')
    .integer('Viewing length must be a whole number of minutes')
    .min(VIEWING_MINUTES_MIN, `A viewing lasts at least ${VIEWING_MINUTES_MIN} minutes`)
    .max(VIEWING_MINUTES_MAX, `A viewing lasts at most ${VIEWING_MINUTES_MAX} minutes`),
  weekly: array(
    object({
      weekday: number().typeError('Choose a day').required('Choose a day').integer('Choose a day').min(1, 'Choose a day').max(7, 'Choose a day'),
      ...windowShape,
    }),
  )
    .default([])
    .max(WINDOWS_MAX, `At most ${WINDOWS_MAX} weekly windows`)
    .test('no-overlap', WINDOWS_OVERLAP, (windows) => !overlapping(windows, (w) => w.weekday))
    .test('long-enough', WINDOW_TOO_SHORT, longEnough),
  oneOff: array(object({ date: dateField('Date'), ...windowShape }))
    .default([])
    .max(WINDOWS_MAX, `At most ${WINDOWS_MAX} one-off slots`)
    .test('no-overlap', WINDOWS_OVERLAP, (windows) => !overlapping(windows, (w) => w.date))
    .test('long-enough', WINDOW_TOO_SHORT, longEnough),
  blockedDates: array(dateField('Blocked date').defined()).default([]).max(BLOCKED_DATES_MAX, `At most ${BLOCKED_DATES_MAX} blocked dates`),
});

/** Declining or cancelling a viewing says why (the other side reads it). */
export const viewingReasonSchema = object({
  reason: string().trim().required('Please give a reason').max(REASON_MAX_LENGTH, `A reason is at most ${REASON_MAX_LENGTH} characters`),
});

export const viewingFeedbackSchema = object({
  rating: number().typeError('Choose a rating from 1 to 5').required('Choose a rating from 1 to 5').integer('Choose a rating from 1 to 5').min(1, 'Choose a rating from 1 to 5').max(5, 'Choose a rating from 1 to 5'),
  text: string().trim().required('Please say a few words about the viewing').max(FEEDBACK_MAX_LENGTH, `Feedback is at most ${FEEDBACK_MAX_LENGTH} characters`),
});

export const openHouseSchema = object({
  note: string().trim().max(OPEN_HOUSE_NOTE_MAX_LENGTH, `A note is at most ${OPEN_HOUSE_NOTE_MAX_LENGTH} characters`),
});
