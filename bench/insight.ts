// The insight scenarios of `npm run bench` (issue 23): the records they read,
// written straight through `pg`, and their requests.
// - The demand curve: 100,000 active and inactive saved searches
//   (BENCH_INSIGHT_SAVED_SEARCHES) with version-2 criteria (location terms as
//   people type them, price bounds around the listing's, some type and bedroom
//   filters), then the signed-in agent asks for one listing's demand: the
//   13-point curve, in one statement by the one matching rule.
// - The reply time: 100,000 conversations (BENCH_INSIGHT_CONVERSATIONS) across
//   the agents, each with its question (answered after minutes to days, one in
//   eight never), every agent's figure kept; the agent's own figure and another
//   agent's are read: one primary-key look-up, whatever the history.
import pg from 'pg';
import { insertBuyers } from './accounts';
import { createDb } from '../server/db/client';
import { refreshFigure } from '../server/insight/reply-time';
import { pick, prng } from './seed';

/** A positive whole number from the environment, or `fallback`. */
function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be an integer >= 1, got "${raw}".`);
  return value;
}

export const INSIGHT_SAVED_SEARCHES = count('BENCH_INSIGHT_SAVED_SEARCHES', 100_000);
export const INSIGHT_CONVERSATIONS = count('BENCH_INSIGHT_CONVERSATIONS', 100_000);

export interface InsightRecords {
  /** The agent's listing whose demand is asked for, and how many saved searches match it now. */
  demandPropertyId: string;
  matchingNow: number;
  savedSearches: number;
  conversations: number;
  /** An agent with many questions (the reply-time read of another agent). */
  busyAgentId: string;
  busyAgentQuestions: number;
}

const FREQUENCIES = ['instant', 'instant', 'daily', 'weekly', 'off'];

/** Seeds both scenarios' rows; `agentId` is the signed-in agent, owner of the listing asked about. */
export async function seedInsightRecords(databaseUrl: string, { agentId, seed }: { agentId: string; seed: number }): Promise<InsightRecords> {
  const random = prng(seed + 23);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The listing: one of the agent's verified listings, in Dhaka, with facts.
    const { rows: [listing] } = await client.query<{ id: string; location: string; price_min: string }>(
      `UPDATE properties SET location = 'Road 12, Gulshan, Dhaka', property_type = 'apartment', bedrooms = 3, bathrooms = 2
       WHERE id = (SELECT id FROM properties WHERE agent_id = $1 AND status = 'verified' AND deleted_at IS NULL ORDER BY id LIMIT 1)
       RETURNING id, location, price_min::text`,
      [agentId],
    );
    if (!listing) throw new Error('The signed-in agent has no verified listing to ask the demand of.');
    const price = Number(listing.price_min);

    // Owners: 5,000 buyers, twenty searches each.
    const owners = Math.max(1, Math.ceil(INSIGHT_SAVED_SEARCHES / 20));
    const ownerIds = await insertBuyers(client, 'Demand', owners);
    const terms = ['gulshan', 'dhaka', 'gulshan, dhaka', 'banani', 'road 12', '', 'chattogram', 'dhanmondi', 'sylhet'];
    for (let start = 0; start < INSIGHT_SAVED_SEARCHES; start += 10_000) {
      const rows = { user: [] as string[], term: [] as string[], frequency: [] as string[], criteria: [] as string[] };
      for (let i = start; i < Math.min(INSIGHT_SAVED_SEARCHES, start + 10_000); i++) {
        const term = pick(random, terms);
        const filter: Record<string, unknown> = {};
        const roll = random();
        // Price bounds around the listing's minimum (0.5x .. 1.6x), so the curve's steps cross many of them.
        if (roll < 0.6) filter.priceMax = (price * (0.5 + random() * 1.1)).toFixed(2);
        if (roll > 0.4) filter.priceMin = (price * (0.3 + random() * 0.9)).toFixed(2);
        if (random() < 0.2) filter.types = [pick(random, ['apartment', 'house', 'townhouse'])];
        if (random() < 0.3) filter.minBedrooms = 1 + Math.floor(random() * 4);
        rows.user.push(ownerIds[i % owners]);
        rows.term.push(term);
        rows.frequency.push(pick(random, FREQUENCIES));
        rows.criteria.push(JSON.stringify({ version: 2, search: term, sort: 'NEWEST', filter }));
      }
      await client.query(
        `INSERT INTO saved_searches (id, user_id, name, criteria, location_term, frequency, updated_at)
         SELECT gen_random_uuid(), u, 'Bench search', c::jsonb, t, f::"AlertFrequency", now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x(u, t, f, c)`,
        [rows.user, rows.term, rows.frequency, rows.criteria],
      );
    }

    // Conversations: the demand owners write to the agents' listings, one conversation each (unique per listing, buyer, agent).
    const { rows: [made] } = await client.query<{ n: number }>(
      `WITH listings AS (
         SELECT id, agent_id, row_number() OVER (ORDER BY id) AS k FROM properties WHERE status = 'verified' AND deleted_at IS NULL),
       total AS (SELECT count(*) AS n FROM listings),
       buyers AS (SELECT id, row_number() OVER (ORDER BY id) AS b FROM users WHERE firebase_uid LIKE 'bench-demand-%'),
       pairs AS (
         SELECT g, l.id AS property_id, l.agent_id, b.id AS buyer_id
         FROM generate_series(0, $1::int - 1) AS g CROSS JOIN total
         JOIN listings l ON l.k = (g % total.n) + 1
         JOIN buyers b ON b.b = (g / total.n) % (SELECT count(*) FROM buyers) + 1),
       conversations AS (
         INSERT INTO conversations (id, property_id, buyer_id, agent_id, created_at, last_message_at)
         SELECT gen_random_uuid(), property_id, buyer_id, agent_id, now() - (g % 100) * interval '1 day', now()
         FROM pairs ON CONFLICT DO NOTHING RETURNING id, agent_id, created_at)
       INSERT INTO reply_questions (subject_id, kind, agent_id, asked_at, answered_at, nudged_at)
       SELECT id, 'message', agent_id, created_at,
              CASE WHEN random() < 0.125 THEN NULL ELSE created_at + (random() * random() * 72) * interval '1 hour' END,
              created_at + interval '12 hours'
       FROM conversations
       RETURNING 1`,
      [INSIGHT_CONVERSATIONS],
    ).then((result) => ({ rows: [{ n: result.rowCount ?? 0 }] }));

    // Every agent's kept figure, by the statement the app keeps it with.
    const { rows: agents } = await client.query<{ agent_id: string }>(`SELECT DISTINCT agent_id FROM reply_questions`);
    const db = createDb(databaseUrl, { maxConnections: 2 });
    try {
      const now = new Date();
      for (const { agent_id } of agents) await refreshFigure(db, agent_id, now);
    } finally {
      await db.$disconnect();
    }
    const { rows: [busy] } = await client.query<{ agent_id: string; n: number }>(`SELECT agent_id, count(*)::int AS n FROM reply_questions GROUP BY agent_id ORDER BY 2 DESC LIMIT 1`);
    await client.query('VACUUM (ANALYZE) saved_searches');
    await client.query('VACUUM (ANALYZE) reply_questions');
    await client.query('VACUUM (ANALYZE) agent_reply_figures');
    const { rows: [now] } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM saved_searches s JOIN properties l ON l.id = $1
       WHERE s.frequency <> 'off' AND strpos(lower(l.location), s.location_term) > 0`,
      [listing.id],
    );
    return { demandPropertyId: listing.id, matchingNow: now.n, savedSearches: INSIGHT_SAVED_SEARCHES, conversations: made.n, busyAgentId: busy.agent_id, busyAgentQuestions: busy.n };
  } finally {
    await client.end();
  }
}

export const listingDemandRequest = (records: InsightRecords) => ({
  operationName: 'ListingDemand',
  query: `query ListingDemand($propertyId: ID!) {
    listingDemand(propertyId: $propertyId) {
      matchingSearches { count fewerThan } wishlisted { count fewerThan }
      curve { changePercent priceMin priceMax matchingSearches { count fewerThan } }
    }
  }`,
  variables: { propertyId: records.demandPropertyId },
});

export function checkListingDemand(data: Record<string, unknown>): string {
  const demand = data.listingDemand as { curve: Array<{ changePercent: number; matchingSearches: { count: number | null } }>; matchingSearches: { count: number | null } };
  if (!demand || demand.curve.length !== 13) throw new Error(`Expected a 13-point demand curve, got ${JSON.stringify(data).slice(0, 200)}.`);
  const counts = demand.curve.map((point) => point.matchingSearches.count ?? '<3');
  return `curve of 13 points: ${counts.join(' ')}`;
}

export const replyTimeRequest = (records: InsightRecords) => ({
  operationName: 'AgentReplyTime',
  query: `query AgentReplyTime($agentId: ID!) { agentReplyTime(agentId: $agentId) { agentId basedOn enough medianMinutes withinDayPercent } }`,
  variables: { agentId: records.busyAgentId },
});

export function checkReplyTime(data: Record<string, unknown>): string {
  const figure = data.agentReplyTime as { basedOn: number; enough: boolean; medianMinutes: number | null; withinDayPercent: number | null };
  if (!figure || !figure.enough) throw new Error(`Expected a shown reply time, got ${JSON.stringify(data)}.`);
  return `reply time of an agent with ${figure.basedOn} counted questions: median ${figure.medianMinutes} min, ${figure.withinDayPercent}% within 24 h`;
}
