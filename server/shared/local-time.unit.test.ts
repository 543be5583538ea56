// common/local-time.ts's forms, each written by a Node process of its own time zone (the forms
// read the runtime's zone). Here, not beside the module: common/ imports no Node built-in.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../config';
import { formatCalendarDay, formatLocalDateTime, formatLocalDateTimeOf } from '@opennest/common/local-time';

const MODULE = path.join(projectRoot, 'common', 'local-time.ts');

/**
 * Both forms of each instant in `isos`, written by a Node process whose time zone is
 * `timeZone` (a test's own process keeps the zone it started with: Jest's
 * process.env is a copy).
 */
function inZone(timeZone: string, isos: string[]): Array<{ day: string; short: string; long: string }> {
  const script = `const { formatLocalDate, formatLocalDateTime, formatLocalDateTimeLong } = await import(${JSON.stringify(MODULE)});
    console.log(JSON.stringify(${JSON.stringify(isos)}.map((iso) => ({ day: formatLocalDate(new Date(iso)), short: formatLocalDateTime(new Date(iso)), long: formatLocalDateTimeLong(new Date(iso)) }))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], { env: { ...process.env, TZ: timeZone }, encoding: 'utf8' }));
}

describe('the local date and time forms', () => {
  it.each([
    ['UTC', '2026-11-21T09:30:00Z', '21 Nov 2026, 09:30', 'Saturday, 21 November 2026 at 09:30'],
    ['Asia/Dhaka', '2026-11-21T09:30:00Z', '21 Nov 2026, 15:30', 'Saturday, 21 November 2026 at 15:30'],
    // Across midnight: the viewer's own date, not the UTC one.
    ['America/New_York', '2026-01-01T03:05:00Z', '31 Dec 2025, 22:05', 'Wednesday, 31 December 2025 at 22:05'],
    ['Asia/Kolkata', '2026-09-05T20:00:00Z', '6 Sep 2026, 01:30', 'Sunday, 6 September 2026 at 01:30'],
    // Summer time in London (BST, UTC+1).
    ['Europe/London', '2026-06-15T09:30:00Z', '15 Jun 2026, 10:30', 'Monday, 15 June 2026 at 10:30'],
  ])('in %s writes %s as %p and %p', (timeZone, iso, short, long) => {
    expect(inZone(timeZone, [iso])).toEqual([{ day: short.split(',')[0], short, long }]);
  });

  it('names the same wall clock as Intl in the zone, every month', () => {
    for (const timeZone of ['Pacific/Auckland', 'America/Los_Angeles', 'Asia/Dhaka']) {
      const instants = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 28, 23, 59)));
      const expected = instants.map((at) => {
        const parts = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
        const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
        return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')}`;
      });
      expect(inZone(timeZone, instants.map((at) => at.toISOString())).map(({ long }) => long)).toEqual(expected);
    }
  });
});

describe('a calendar day, as the API sends it', () => {
  it.each([
    ['2026-11-21', {}, '21 Nov 2026'],
    ['2031-01-01T00:00:00.000Z', {}, '1 Jan 2031'],
    ['2026-06-05', { year: false }, '5 Jun'],
    // Not a day of the calendar, or not a date: shown as it came.
    ['2026-02-31', {}, '2026-02-31'],
    ['2026-13-01', {}, '2026-13-01'],
    ['soon', {}, 'soon'],
  ])('writes %p (%p) as %p, from its digits alone', (value, options, written) => {
    expect(formatCalendarDay(value, options)).toBe(written);
  });

});

describe('a time with its seconds (the webhooks’ deliveries)', () => {
  it('adds the seconds after the minutes', () => {
    const at = new Date('2026-11-21T09:30:05Z');
    expect(formatLocalDateTime(at, { seconds: true })).toBe(`${formatLocalDateTime(at)}:05`);
    expect(formatLocalDateTimeOf(null)).toBe('—');
    expect(formatLocalDateTimeOf(at.toISOString(), { seconds: true })).toBe(formatLocalDateTime(at, { seconds: true }));
  });
});
