// A listing's availability and its slots, in SQL. Windows are local times of
// day in the listing's IANA time zone; PostgreSQL turns each local slot into an
// instant with `(day + minutes) AT TIME ZONE zone`, so a weekly 10:00 window is
// 10:00 on the wall clock on both sides of a daylight-saving change (its UTC
// time moves instead). One statement lists a range of days' free slots, whatever
// the number of existing viewings: each candidate slot is looked up in the GiST
// index of the viewings_no_overlap exclusion constraint.
import { Prisma } from '../generated/prisma/client';

/** The statuses that hold a viewing's time (the exclusion constraint's WHERE, spelled the same so its index serves). */
export const HOLDING_STATUSES = ['requested', 'proposed', 'confirmed'] as const;
export const HOLDING_STATUSES_SQL = Prisma.raw(`('requested', 'proposed', 'confirmed')`);

export interface SlotQuery {
  propertyId: string;
  timeZone: string;
  viewingMinutes: number;
  /** The first local date (YYYY-MM-DD) and how many days. */
  from: string;
  days: number;
  /** Slots starting at or before this are past. */
  now: Date;
}

/**
 * The slots of a listing's availability in the range (weekly windows on their
 * weekday, one-off ones on their date, none on a blocked date), each as long as
 * a viewing and starting on the window's grid; past ones left out. With `free`,
 * also those overlapping a viewing that holds its time or an open house.
 * Columns: starts_at, ends_at (timestamptz), in time order.
 */
export function slotsSql({ propertyId, timeZone, viewingMinutes, from, days, now }: SlotQuery, { free, at }: { free: boolean; at?: Date }): Prisma.Sql {
  const pid = Prisma.sql`${propertyId}::uuid`;
  const length = Prisma.sql`make_interval(mins => ${viewingMinutes}::int)`;
  return Prisma.sql`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${from}::date, ${from}::date + (${days}::int - 1), interval '1 day') AS d
    ),
    windows AS (
      SELECT days.day, w.start_minute, w.end_minute
      FROM days JOIN viewing_windows w ON w.property_id = ${pid}
        AND (w.weekday = extract(isodow FROM days.day)::int OR w.on_date = days.day)
      WHERE NOT EXISTS (SELECT 1 FROM viewing_blocked_dates b WHERE b.property_id = ${pid} AND b.day = days.day)
    ),
    slots AS (
      SELECT DISTINCT ((windows.day + make_interval(mins => m)) AT TIME ZONE ${timeZone}) AS starts_at
      FROM windows, generate_series(windows.start_minute, windows.end_minute - ${viewingMinutes}::int, ${viewingMinutes}::int) AS m
    )
    SELECT s.starts_at, s.starts_at + ${length} AS ends_at
    FROM slots s
    WHERE s.starts_at > ${now}::timestamptz
      ${at ? Prisma.sql`AND s.starts_at = ${at}::timestamptz` : Prisma.empty}
      ${
        free
          ? Prisma.sql`AND NOT EXISTS (
              SELECT 1 FROM viewings v
              WHERE v.property_id = ${pid} AND v.status IN ${HOLDING_STATUSES_SQL}
                AND tstzrange(v.starts_at, v.ends_at) && tstzrange(s.starts_at, s.starts_at + ${length}))
            AND NOT EXISTS (
              SELECT 1 FROM open_houses o
              WHERE o.property_id = ${pid} AND o.ends_at > s.starts_at AND o.starts_at < s.starts_at + ${length})`
          : Prisma.empty
      }
    ORDER BY s.starts_at`;
}

/** Whether `timeZone` is a name PostgreSQL knows (its own tz database decides what AT TIME ZONE accepts). */
export const knownTimeZoneSql = (timeZone: string) => Prisma.sql`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${timeZone}) AS known`;

/** The local date of `at` in `timeZone`, and whether it is blocked for the listing. */
export const blockedAtSql = (propertyId: string, timeZone: string, at: Date) =>
  Prisma.sql`SELECT EXISTS (SELECT 1 FROM viewing_blocked_dates WHERE property_id = ${propertyId}::uuid AND day = (${at}::timestamptz AT TIME ZONE ${timeZone})::date) AS blocked`;

/** Today's local date in `timeZone` (YYYY-MM-DD), by the database's clock or `now`. */
export const localTodaySql = (timeZone: string, now: Date) => Prisma.sql`SELECT to_char((${now}::timestamptz AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day`;
