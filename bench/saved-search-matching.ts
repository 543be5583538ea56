// The saved-search scenario of `npm run bench`: many saved searches (100,000 by
// default, BENCH_SAVED_SEARCHES), then the time matching one newly verified
// listing takes: the one SQL statement that finds every matching saved search,
// records the matches and writes the owners' notifications, plus the live
// events and e-mail jobs the same transaction raises, as the matching job runs it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { insertBuyers } from './accounts';
import { createDb } from '../server/db/client';
import { createEventBus } from '../server/events/event-bus';
import type { Logger } from '../server/infra/logger';
import { createJobQueue } from '../server/jobs/job-queue';
import { JOB_KINDS } from '../server/jobs/jobs';
import { createNotifier } from '../server/notifications/notifier';
import { matchListing } from '../server/saved-searches/matching';
import { CITIES, pick, prng } from './seed';

export interface SavedSearchScenario {
  savedSearches: number;
  owners: number;
  seedMs: number;
  runs: Array<{ location: string; matched: number; ms: number }>;
  plan: string[];
}

const FREQUENCIES = ['instant', 'instant', 'instant', 'instant', 'daily', 'daily', 'daily', 'weekly', 'weekly', 'off'];

/** The locations new listings get in the scenario: a Dhaka district, a city, a rare one. */
const NEW_LISTINGS = ['Road 12, Gulshan, Dhaka', 'Sector 4, Agrabad, Chattogram', 'Kalinath Bazar, Bhola'];

export async function runSavedSearchScenario({ databaseUrl, savedSearches, seed, log }: { databaseUrl: string; savedSearches: number; seed: number; log: Logger }): Promise<SavedSearchScenario> {
  const random = prng(seed + 7);
  const owners = Math.max(1, Math.ceil(savedSearches / 20));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seedStarted = performance.now();
  try {
    // Buyers, twenty saved searches each; terms as people type them: a district, a city, both, or nothing (any location).
    const ownerIds = await insertBuyers(client, 'Searcher', owners);
    for (let start = 0; start < savedSearches; start += 10_000) {
      const rows = { user: [] as string[], name: [] as string[], term: [] as string[], frequency: [] as string[] };
      for (let i = start; i < Math.min(savedSearches, start + 10_000); i++) {
        const { city, districts } = pick(random, CITIES);
        const district = pick(random, districts);
        const roll = random();
        const term = roll < 0.02 ? '' : roll < 0.45 ? district : roll < 0.8 ? city : `${district}, ${city}`;
        rows.user.push(ownerIds[i % owners]);
        rows.name.push(`Search ${i + 1}`);
        rows.term.push(term);
        rows.frequency.push(pick(random, FREQUENCIES));
      }
      await client.query(
        `INSERT INTO saved_searches (id, user_id, name, criteria, location_term, frequency, updated_at)
         SELECT gen_random_uuid(), u, n, jsonb_build_object('version', 1, 'search', t, 'sort', 'NEWEST'), lower(t), f::"AlertFrequency", now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x(u, n, t, f)`,
        [rows.user, rows.name, rows.term, rows.frequency],
      );
    }
    await client.query('VACUUM (ANALYZE) saved_searches');
    await client.query('VACUUM (ANALYZE) users');
  } finally {
    await client.end();
  }
  const seedMs = performance.now() - seedStarted;

  // What the matching job runs: its Prisma client, the notifier, the job queue it queues e-mails on.
  const db = createDb(databaseUrl, { maxConnections: 2 });
  const events = await createEventBus({ databaseUrl, log });
  const jobs = createJobQueue({ databaseUrl, log, runWorkers: false, events });
  await jobs.start(JOB_KINDS, []);
  const notifier = createNotifier({ jobs });
  const runs: SavedSearchScenario['runs'] = [];
  let plan: string[] = [];
  try {
    const agent = await db.user.findFirstOrThrow({ where: { role: 'agent' } });
    let measuredId = '';
    for (const [index, location] of [NEW_LISTINGS[0], ...NEW_LISTINGS].entries()) {
      // An upload's name, as the seeded listings have: the list scenarios that run next check every card's thumbnail.
      const listing = await db.property.create({
        data: { agentId: agent.id, title: `Bench listing ${index + 1}`, location, image: `/uploads/${randomUUID()}.webp`, priceMin: '100000.00', priceMax: '120000.00', status: 'verified' },
      });
      const started = performance.now();
      const matched = await db.$transaction((tx) => matchListing(tx, notifier, listing.id), { timeout: 120_000 });
      const ms = performance.now() - started;
      // The first run warms caches and is not reported.
      if (index > 0) runs.push({ location, matched, ms });
      if (index === 1) measuredId = listing.id;
    }
    // The plan of the statement's matching part, for the record.
    const probe = await db.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT s.id FROM properties l JOIN saved_searches s ON s.frequency <> 'off' AND strpos(lower(l.location), s.location_term) > 0 WHERE l.id = $1::uuid`,
      measuredId,
    );
    plan = probe.map((row) => row['QUERY PLAN']);
  } finally {
    await jobs.stop();
    await events.close();
    await db.$disconnect();
  }
  return { savedSearches, owners, seedMs, runs, plan };
}
