// Leased rate limits across two API processes on one database: this test's
// in-process app A and B, a separate server/main.ts process (as `npm start`
// runs it). Each leases points from the PostgreSQL counter in blocks
// (leases.ts) and counts them locally; a caller's GraphQL limit of 60 holds
// across both (never exceeded; at most one lease less a point refused early),
// a caller refused by both stays refused on both, and reads write to the
// counter once per lease, not once per request.
import { createCast, type Account } from '../test/fixtures';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { startTestApp, type TestApp } from '../test/test-app';
import { leaseSize } from './leases';
import { GENEROUS_RATE_LIMITS, RATE_LIMIT_ENV } from './rate-limits';

const LIMIT = 60;
let a: TestApp;
let b: AppProcess;
let buyer: Account, agent: Account;

beforeAll(async () => {
  a = await startTestApp({}, { rateLimits: { ...GENEROUS_RATE_LIMITS, graphql: { points: LIMIT, seconds: 600 } } });
  b = await startAppProcess({ databaseUrl: a.databaseUrl, env: { JOB_WORKERS: 'off', [RATE_LIMIT_ENV.graphql]: `${LIMIT}/600` }, label: 'app B' });
  ({ buyer, agent } = await createCast(a, ['buyer', 'agent']));
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await a?.close();
});

/** `{ me { id } }` (it weighs 1 point) as `account` on the app at `url`: its HTTP status. */
async function me(url: string, account: Account): Promise<number> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.idToken}` },
    body: JSON.stringify({ query: '{ me { id } }' }),
  });
  await response.arrayBuffer();
  return response.status;
}

it(`never lets a caller through more than a limit of ${LIMIT} on two processes, and a caller refused by both stays refused on both`, async () => {
  let accepted = 0;
  const refusedOn = new Set<string>();
  for (let round = 0; round < 30 && refusedOn.size < 2; round++) {
    // Concurrent requests on both processes, as a browser's would be.
    const urls = [a.url, b.url, a.url, b.url, a.url, b.url];
    const statuses = await Promise.all(urls.map((url) => me(url, buyer)));
    for (const [i, status] of statuses.entries()) {
      if (status === 200) accepted++;
      else {
        expect(status).toBe(429);
        refusedOn.add(urls[i]);
      }
    }
  }
  expect(refusedOn).toEqual(new Set([a.url, b.url]));
  expect(accepted).toBeLessThanOrEqual(LIMIT);
  // Early by at most what the other process had leased and not spent.
  expect(accepted).toBeGreaterThanOrEqual(LIMIT - (leaseSize(LIMIT) - 1));
  for (const url of [a.url, b.url, a.url, b.url]) expect(await me(url, buyer)).toBe(429);
  const counted = await a.db.$queryRawUnsafe<Array<{ points: number }>>('SELECT points FROM rate_limits.graphql WHERE key = $1', `graphql:user:${buyer.user.id}`);
  expect(counted[0].points).toBeLessThanOrEqual(LIMIT);
  // Another caller has a limit of its own.
  expect(await me(b.url, agent)).toBe(200);
}, 120_000);

it('writes to the shared counter once per lease of reads, not once per read', async () => {
  // Every insert or update of a GraphQL counter row is counted by a trigger.
  await a.db.$executeRawUnsafe('CREATE TABLE rate_limits.counter_writes (n integer NOT NULL)');
  await a.db.$executeRawUnsafe('INSERT INTO rate_limits.counter_writes VALUES (0)');
  await a.db.$executeRawUnsafe('CREATE FUNCTION rate_limits.count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE rate_limits.counter_writes SET n = n + 1; RETURN NULL; END $$');
  await a.db.$executeRawUnsafe('CREATE TRIGGER count_write AFTER INSERT OR UPDATE ON rate_limits.graphql FOR EACH ROW EXECUTE FUNCTION rate_limits.count_write()');
  const writes = async () => (await a.db.$queryRawUnsafe<Array<{ n: number }>>('SELECT n FROM rate_limits.counter_writes'))[0].n;

  const lease = leaseSize(LIMIT);
  for (let i = 0; i < 2 * lease; i++) expect(await me(a.url, agent)).toBe(200);
  // The agent's one read on B above leased there; on A, two leases for twice a lease's reads.
  expect(await writes()).toBe(2);
}, 60_000);
