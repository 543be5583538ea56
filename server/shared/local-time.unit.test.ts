// common/local-time.ts's forms, each written by a Node process of its own time zone (the forms
// read the runtime's zone). Here, not beside the module: common/ imports no Node built-in.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../config';
import { formatCalendarDay, formatDayAndMonth, formatLocalDateTime, formatLocalDateTimeOf, formatLongDay, formatWallClock, formatWallDateTime, formatWeekday } from '@opennest/common/local-time';
import { zonedWallClock } from '@opennest/common/zoned-time';

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

describe('a viewing time on its listing’s wall clock (what the API sends as localStart)', () => {
  /** Intl's parts of `at` in `timeZone`, in British English, as the viewing pages wrote them before. */
  const intlParts = (at: Date, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
    return { weekday: part('weekday'), day: Number(part('day')), month: Number(part('month')), year: Number(part('year')), clock: `${part('hour')}:${part('minute')}` };
  };
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  it.each([
    ['2026-05-30T10:30', 'Sat, 30 May 2026, 10:30', 'Saturday 30 May'],
    ['2026-09-07T00:05', 'Mon, 7 Sep 2026, 00:05', 'Monday 7 September'],
    ['2028-02-29T23:59', 'Tue, 29 Feb 2028, 23:59', 'Tuesday 29 February'],
  ])('writes %p as %p (its day: %p)', (wall, written, day) => {
    expect(formatWallDateTime(wall)).toBe(written);
    expect(formatWallClock(wall)).toBe(wall.slice(11));
    expect(formatLongDay(wall.slice(0, 10))).toBe(day);
    expect(`${formatWeekday(wall.slice(0, 10))} ${formatDayAndMonth(wall.slice(0, 10))}`).toBe(day);
  });

  it('names the same day and clock as Intl in the listing’s zone, across the year and its clock changes', () => {
    for (const timeZone of ['Europe/London', 'Asia/Dhaka', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      // Every 61 hours and 7 minutes for a year: every weekday, hour and both sides of each change.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 61 * 3_600_000 + 7 * 60_000) {
        const { weekday, day, month, year, clock } = intlParts(new Date(at), timeZone);
        const wall = zonedWallClock(new Date(at), timeZone);
        expect([timeZone, formatWallDateTime(wall)]).toEqual([timeZone, `${weekday.slice(0, 3)}, ${day} ${MONTHS[month - 1]} ${year}, ${clock}`]);
      }
    }
  });

  it('is the browser’s own clock only where the browser’s offset is the listing’s then; the browser’s days start at its midnight', () => {
    const script = `const { isRuntimeWallClock, localCalendarDay, startOfLocalDay } = await import(${JSON.stringify(MODULE)});
      const { zonedWallClock } = await import(${JSON.stringify(path.join(projectRoot, 'common', 'zoned-time.ts'))});
      const own = (iso, zone) => isRuntimeWallClock(iso, zonedWallClock(new Date(iso), zone));
      console.log(JSON.stringify({
        dhaka: own('2026-06-20T04:30:00.000Z', 'Asia/Dhaka'),
        london: own('2026-06-20T04:30:00.000Z', 'Europe/London'),
        kolkata: own('2026-06-20T04:30:00.000Z', 'Asia/Kolkata'),
        day: localCalendarDay(new Date('2026-06-20T20:30:00.000Z')),
        midnight: startOfLocalDay('2026-06-21').toISOString(),
      }));`;
    const run = (timeZone: string) => JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--no-warnings', '-e', script], { env: { ...process.env, TZ: timeZone }, encoding: 'utf8' }));
    expect(run('Asia/Dhaka')).toEqual({ dhaka: true, london: false, kolkata: false, day: '2026-06-21', midnight: '2026-06-20T18:00:00.000Z' });
    expect(run('Europe/London')).toEqual({ dhaka: false, london: true, kolkata: false, day: '2026-06-20', midnight: '2026-06-20T23:00:00.000Z' });
  });
});
