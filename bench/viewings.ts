// The viewings scenarios of `npm run bench` (issue 20): the records they read,
// written straight through `pg`, and their requests.
// - Free slots: one listing in Asia/Dhaka taking viewings every day 09:00-18:00
//   (30 minutes), with 2,000 bookings from 50 days back to 90 days ahead (four
//   slots in five taken, one booking in ten cancelled), a blocked date and an
//   open house; a buyer asks for 14 days of free slots from tomorrow (its local
//   date: no slot can pass during a run, so every answer is the same).
// - The agent's week: 500 viewings of the signed-in agent's listings (ten on
//   each of 50, none overlapping) in next week (Monday 00:00 UTC onwards), the
//   query the agent's week page sends.
import pg from 'pg';
import { insertBuyers } from './accounts';

/** The listings' zone in these scenarios (the configured default out of the box). */
const ZONE = 'Asia/Dhaka';
export const SLOT_BOOKINGS = 2_000;
export const WEEK_VIEWINGS = 500;
const SLOT_DAYS = 14;

export interface ViewingRecords {
  /** The listing with SLOT_BOOKINGS bookings, and the free-slots request's first day (tomorrow, its local date). */
  slotsPropertyId: string;
  slotsFrom: string;
  bookings: number;
  /** The agent's week: its first instant and how many viewings it holds. */
  weekFrom: string;
  weekViewings: number;
}

/** Seeds both scenarios' rows; `agentId` is the signed-in agent, whose listings get the week's viewings. */
export async function seedViewingRecords(databaseUrl: string, { agentId }: { agentId: string }): Promise<ViewingRecords> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const buyerIds = await insertBuyers(client, 'Viewer', 50);

    // Free slots: a listing of another agent, its windows, a blocked date and an open house in the 14 days.
    const { rows: [listing] } = await client.query<{ id: string; agent_id: string; tomorrow: string }>(
      `UPDATE properties SET time_zone = $2, viewing_minutes = 30
       WHERE id = (SELECT id FROM properties WHERE status = 'verified' AND deleted_at IS NULL AND NOT is_advertised AND agent_id <> $1 ORDER BY id DESC LIMIT 1)
       RETURNING id, agent_id, to_char((now() AT TIME ZONE $2)::date + 1, 'YYYY-MM-DD') AS tomorrow`,
      [agentId, ZONE],
    );
    await client.query(
      `INSERT INTO viewing_windows (id, property_id, weekday, start_minute, end_minute)
       SELECT gen_random_uuid(), $1, weekday, 540, 1080 FROM generate_series(1, 7) AS weekday`,
      [listing.id],
    );
    await client.query(`INSERT INTO viewing_blocked_dates (property_id, day) VALUES ($1, $2::date + 5)`, [listing.id, listing.tomorrow]);
    await client.query(
      `INSERT INTO open_houses (id, property_id, starts_at, ends_at, time_zone, note)
       VALUES (gen_random_uuid(), $1, ($2::date + 2 + time '14:00') AT TIME ZONE $3, ($2::date + 2 + time '16:00') AT TIME ZONE $3, $3, 'Bench open house')`,
      [listing.id, listing.tomorrow, ZONE],
    );
    // Every 30-minute slot of the windows from 50 days back to 90 days ahead, four in five booked.
    const { rowCount: bookings } = await client.query(
      `INSERT INTO viewings (id, property_id, buyer_id, agent_id, starts_at, ends_at, time_zone, kind, status, sequence, created_at, updated_at)
       SELECT gen_random_uuid(), $1, ($4::uuid[])[1 + (n % cardinality($4::uuid[]))::int], $2, s, s + interval '30 minutes', $3, 'instant',
              (CASE WHEN n % 10 = 3 THEN 'cancelled' ELSE 'confirmed' END)::"ViewingStatus", 1, now(), now()
       FROM (
         SELECT row_number() OVER (ORDER BY s) AS n, s
         FROM (SELECT ((d::date + make_interval(mins => m)) AT TIME ZONE $3) AS s
               FROM generate_series($5::date - 50, $5::date + 89, interval '1 day') AS d, generate_series(540, 1050, 30) AS m) AS grid
       ) AS numbered
       WHERE n % 5 <> 0
       ORDER BY s
       LIMIT $6`,
      [listing.id, listing.agent_id, ZONE, buyerIds, listing.tomorrow, SLOT_BOOKINGS],
    );

    // The agent's week: next Monday 00:00 UTC; ten viewings 16 hours apart on each of the agent's first 50 listings.
    const { rows: [{ week_from: weekFrom }] } = await client.query<{ week_from: Date }>(`SELECT date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '7 days' AS week_from`);
    const { rowCount: weekViewings } = await client.query(
      `INSERT INTO viewings (id, property_id, buyer_id, agent_id, starts_at, ends_at, time_zone, kind, status, sequence, created_at, updated_at)
       SELECT gen_random_uuid(), p.id, ($3::uuid[])[1 + ((p.n + k) % cardinality($3::uuid[]))::int], $1, at, at + interval '30 minutes', $4,
              (CASE WHEN k % 3 = 0 THEN 'request' ELSE 'instant' END)::"ViewingKind",
              (CASE WHEN k % 3 = 0 THEN 'requested' WHEN k = 7 THEN 'proposed' WHEN k = 8 THEN 'cancelled' ELSE 'confirmed' END)::"ViewingStatus", 1, now(), now()
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM properties WHERE agent_id = $1 ORDER BY id LIMIT $5) AS p,
            generate_series(0, 9) AS k,
            LATERAL (SELECT $2::timestamptz + make_interval(hours => k * 16) + make_interval(mins => (p.n % 8)::int * 30) AS at) AS t`,
      [agentId, weekFrom, buyerIds, ZONE, WEEK_VIEWINGS / 10],
    );
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE) viewings, viewing_windows, viewing_blocked_dates, open_houses, users');
    return { slotsPropertyId: listing.id, slotsFrom: listing.tomorrow, bookings: bookings ?? 0, weekFrom: weekFrom.toISOString(), weekViewings: weekViewings ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** What the listing's details page asks, over 14 days (the most one request may). */
export const freeSlotsRequest = (records: ViewingRecords) => ({
  operationName: 'FreeViewingSlots',
  query: `query FreeViewingSlots($propertyId: ID!, $from: Date, $days: Int) {
    freeViewingSlots(propertyId: $propertyId, from: $from, days: $days) { timeZone viewingMinutes hasAvailability slots { startsAt endsAt } }
  }`,
  variables: { propertyId: records.slotsPropertyId, from: records.slotsFrom, days: SLOT_DAYS },
});

/** The agent's week page's query (client/src/viewings/viewings.graphql, AgentWeek). */
export const agentWeekRequest = (records: ViewingRecords) => ({
  operationName: 'AgentWeek',
  query: `query AgentWeek($from: DateTime!) {
    agentViewingWeek(from: $from) {
      id status kind startsAt endsAt timeZone reason endedBy held
      property { id title } buyer { id name }
      feedback { rating text }
    }
  }`,
  variables: { from: records.weekFrom },
});

/** 14 days of 18 slots less the blocked day, the open house's and the booked ones: some, each 30 minutes, in order. */
export function checkFreeSlots(data: Record<string, unknown>): string {
  const answer = data.freeViewingSlots as { timeZone: string; hasAvailability: boolean; slots: Array<{ startsAt: string; endsAt: string }> };
  const { slots } = answer;
  const problems: string[] = [];
  if (answer.timeZone !== ZONE || !answer.hasAvailability) problems.push(`zone ${answer.timeZone}, availability ${answer.hasAvailability}`);
  if (!slots.length || slots.length >= SLOT_DAYS * 18) problems.push(`${slots.length} free slots (expected some, fewer than ${SLOT_DAYS * 18})`);
  if (slots.some((s, i) => Date.parse(s.endsAt) - Date.parse(s.startsAt) !== 30 * 60_000 || (i > 0 && s.startsAt <= slots[i - 1].startsAt))) problems.push('slots not 30 minutes or not in order');
  if (problems.length) throw new Error(`Unexpected free slots: ${problems.join('; ')}`);
  return `${slots.length} free slots of ${SLOT_DAYS} days (${SLOT_DAYS * 18} in the windows)`;
}

export function checkAgentWeek(data: Record<string, unknown>): string {
  const week = data.agentViewingWeek as Array<{ status: string; buyer: { name: string }; property: { title: string } }>;
  if (week.length !== WEEK_VIEWINGS || week.some((v) => !v.buyer.name || !v.property.title)) throw new Error(`Expected ${WEEK_VIEWINGS} viewings with their buyer and listing, got ${week.length}.`);
  return `${week.length} viewings (${week.filter((v) => v.status === 'requested').length} requested)`;
}
