// Viewing times as people read them: in the listing's time zone, never the
// server's. Intl does the time-zone arithmetic for words; PostgreSQL's
// AT TIME ZONE does it for the slots themselves (availability.ts).
import { badInput } from '../shared/errors';

/** "Sat 30 May, 10:30" in `timeZone`. */
export function localTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`;
}

/** "Sat 10:30" in `timeZone`: an open house's start on a card. */
export const localWeekdayAndClock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** "10:30" in `timeZone`. */
export const localClock = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** "2026-05-30" in `timeZone`. */
export const localDate = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export const INVALID_TIME = 'Choose a date and time.';
export const WHOLE_MINUTES = 'Choose a time on the minute (no seconds).';

/** A DateTime argument (the scalar gives a Date; a test or REST caller may give text) as a whole-minute instant. */
export function parseInstant(value: unknown): Date {
  const at = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw badInput(INVALID_TIME);
  if (at.getTime() % 60_000 !== 0) throw badInput(WHOLE_MINUTES);
  return at;
}
