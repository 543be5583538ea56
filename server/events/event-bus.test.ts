// EventBus.sync() against a real PostgreSQL: concurrent calls share round trips
// on the LISTEN connection, and a call made while one is in flight waits for a
// round trip sent after it (the one in flight may have passed a commit the
// caller knows of). The round trips are observed at the pg driver: every
// Sync the bus's connection sends is recorded, and the answer of one can
// be held back, so "a change committed while a round trip was in flight" is
// made to happen rather than hoped for.
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { createLogger } from '../infra/logger';
import { createEventBus, type AppEvent, type EventBus } from './event-bus';

const CHANNEL = 'opennest_events_sync_test';

let database: TestDatabase;
let bus: EventBus;
const heard: AppEvent[] = [];

/** What the bus's connection sent: one entry per round trip, in order. */
let roundTrips: Array<{ answered: boolean }> = [];
/** While set, the answer of the next round trip is handed on only once this resolves. */
let holdNextAnswer: Promise<void> | null = null;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  database = await createTestDatabase();
  // Observes the bus's own connection only (named by its application_name); the query still runs as sent.
  pg.Client.prototype.query = function observedQuery(this: pg.Client & { connectionParameters?: { application_name?: string } }, ...args: unknown[]) {
    const sent = args[0] as { submit?: unknown; handleReadyForQuery?: () => void } | string;
    if (typeof sent !== 'object' || typeof sent.submit !== 'function' || this.connectionParameters?.application_name !== 'opennest-events') {
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    }
    // The bus's round trip (a protocol Sync): recorded, its answer held back while asked to.
    const trip = { answered: false };
    roundTrips.push(trip);
    const hold = holdNextAnswer;
    holdNextAnswer = null;
    const answer = sent.handleReadyForQuery!.bind(sent);
    sent.handleReadyForQuery = () => {
      trip.answered = true;
      if (hold) void hold.then(answer);
      else answer();
    };
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  bus = await createEventBus({ databaseUrl: database.url, log: createLogger('silent'), channel: CHANNEL });
  bus.on((event) => heard.push(event));
}, 60_000);

afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await bus?.close();
  await database?.drop();
});

beforeEach(() => {
  roundTrips = [];
  heard.length = 0;
});

/** Commits a change that raises `event` on the test's channel (autocommit: one transaction). */
async function commitEvent(event: AppEvent): Promise<void> {
  await database.db.$executeRawUnsafe('SELECT pg_notify($1, $2)', CHANNEL, JSON.stringify(event));
}

it('answers many concurrent calls with at most two round trips', async () => {
  await Promise.all(Array.from({ length: 50 }, () => bus.sync()));
  // The first call's round trip, and one more for every call made while it was in flight.
  expect(roundTrips.length).toBeGreaterThanOrEqual(1);
  expect(roundTrips.length).toBeLessThanOrEqual(2);

  // A call made once everything settled starts a round trip of its own.
  const before = roundTrips.length;
  await bus.sync();
  expect(roundTrips).toHaveLength(before + 1);
});

it('makes a call during an in-flight round trip wait for a later one, which hears a change committed in between', async () => {
  let release!: () => void;
  holdNextAnswer = new Promise<void>((resolve) => (release = resolve));
  const first = bus.sync();
  expect(roundTrips).toHaveLength(1);

  // Called while the first round trip is in flight (its answer held back), then a change commits.
  let secondDone = false;
  const second = bus.sync().then(() => void (secondDone = true));
  const alsoSecond = bus.sync();
  await commitEvent({ type: 'job', queue: 'sync-test' });
  await waitFor(() => roundTrips[0]!.answered);
  expect(secondDone).toBe(false);

  release();
  await first;
  await Promise.all([second, alsoSecond]);
  // The later calls shared one round trip, sent after the first settled (so after the commit),
  // and PostgreSQL delivers pending notifications before it answers.
  expect(roundTrips).toHaveLength(2);
  expect(heard).toContainEqual({ type: 'job', queue: 'sync-test' });
});

it('starts no transaction: its round trips are not counted in pg_stat_database', async () => {
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  try {
    // Each read here is a transaction of its own too: they are counted and taken off.
    let reads = 0;
    const read = async (sql: string) => {
      reads++;
      return Number((await other.query<{ n: string }>(sql)).rows[0].n);
    };
    const commits = async () => (await read('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()')) - reads;
    // The event buses' backends: this file's other buses stay; the one made here must be gone.
    const listenerPids = async () => {
      reads++;
      return new Set((await other.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'opennest-events' AND datname = current_database()")).rows.map((row) => row.pid));
    };
    const others = await listenerPids();
    const before = await commits();
    const counted = await createEventBus({ databaseUrl: database.url, log: createLogger('silent'), channel: CHANNEL });
    for (let i = 0; i < 100; i++) await counted.sync();
    // A backend reports its counts when it exits (idle ones only every 10 s): close it and wait for its exit.
    await counted.close();
    await waitFor(async () => [...(await listenerPids())].every((pid) => others.has(pid)), 20);
    // Its LISTEN and a few of other connections', not a hundred more.
    expect((await commits()) - before).toBeLessThan(50);
  } finally {
    await other.end();
  }
}, 30_000);

it('rejects once the connection is closed', async () => {
  const closing = await createEventBus({ databaseUrl: database.url, log: createLogger('silent'), channel: CHANNEL });
  await closing.sync();
  await closing.close();
  await expect(closing.sync()).rejects.toThrow('The event bus is not listening.');
});

async function waitFor(condition: () => boolean | Promise<boolean>, everyMs = 5): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
