// Leased rate limits (leases.ts) on both real stores: PostgreSQL (the embedded
// default) and Redis (REDIS_URL; this file starts its own redis-server, and
// skips those cases, saying why, where the binary is not installed). Two
// `createRateLimits` on one store are two API processes: each leases points in
// blocks and counts locally; together they never accept more than the limit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort } from '../local-services/free-port';
import { stopGroup } from '../local-services/child-process';
import { createEmptyDatabase } from '../test/database';
import { releasedAtFileEnd } from '../test/open-resources';
import { AppError } from '../shared/errors';
import { leaseSize } from './leases';
import { createRateLimits, GENEROUS_RATE_LIMITS, type RateLimitConfig, type RateLimits } from './rate-limits';

interface StoreUnderTest {
  /** What createRateLimits is given besides the database. */
  options: { redisUrl?: string };
  /** The points the store counts for `key` in the `graphql` class (0 when it has none). */
  counted(key: string): Promise<number>;
}

const redisBinary = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
const redisMissing = redisBinary.error || redisBinary.status !== 0 ? `redis-server is not installed here (${redisBinary.error?.message ?? `exit ${redisBinary.status}`}): the Redis store's cases are skipped` : null;
if (redisMissing) console.warn(redisMissing);

let databaseUrl: string;
let sql: pg.Client;
const releases: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const database = await createEmptyDatabase();
  databaseUrl = database.url;
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  releases.push(database.drop, releasedAtFileEnd('SQL client', () => sql.end()));
});
afterAll(async () => {
  for (const release of releases.reverse()) await release();
});

const postgres: StoreUnderTest = {
  options: {},
  async counted(key) {
    const rows = (await sql.query<{ points: number }>('SELECT points FROM rate_limits.graphql WHERE key = $1', [`graphql:${key}`])).rows;
    return rows[0]?.points ?? 0;
  },
};

let redisServer: ChildProcess | undefined;
let redis: Redis | undefined;
const redisStore: StoreUnderTest = {
  options: {},
  async counted(key) {
    return Number((await redis!.get(`opennest:rate-limits:graphql:${key}`)) ?? 0);
  },
};

async function startRedis(): Promise<void> {
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-redis-'));
  redisServer = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { detached: true, stdio: 'ignore' });
  const release = releasedAtFileEnd('redis-server', async () => {
    await redis?.quit().catch(() => undefined);
    if (redisServer) await stopGroup(redisServer, 'SIGTERM', 5_000);
    await fs.rm(dir, { recursive: true, force: true });
  });
  releases.push(release);
  redisStore.options.redisUrl = `redis://127.0.0.1:${port}`;
  // It takes a moment to listen: the client retries until it does.
  redis = new Redis(redisStore.options.redisUrl, { retryStrategy: () => 100 });
  redis.on('error', () => undefined);
  await new Promise((resolve) => redis!.once('ready', resolve));
}

const stores: Array<[string, StoreUnderTest, string | null]> = [
  ['PostgreSQL', postgres, null],
  ['Redis', redisStore, redisMissing],
];

describe.each(stores)('on %s', (name, store, skipped) => {
  const run = skipped ? it.skip : it;
  const opened: RateLimits[] = [];
  const open = async (config: RateLimitConfig) => {
    const limits = await createRateLimits(databaseUrl, config, store.options);
    opened.push(limits);
    return limits;
  };

  beforeAll(async () => {
    if (!skipped && name === 'Redis') await startRedis();
  }, 30_000);
  afterAll(async () => {
    await Promise.all(opened.map((limits) => limits.close()));
  });

  /** Whether `limits` accepted a point of `key` (false: RATE_LIMITED). */
  const accepted = (limits: RateLimits, key: string, points = 1) =>
    limits.consume('graphql', key, points).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
        throw error;
      },
    );

  run('two processes never accept more than a limit of 60 between them, and a caller refused by both stays refused on both', async () => {
    const config = { ...GENEROUS_RATE_LIMITS, graphql: { points: 60, seconds: 600 } };
    const [a, b] = [await open(config), await open(config)];
    const key = `user:${name}-sixty`;
    // Bursts of concurrent requests on both processes until both refuse.
    let total = 0;
    let refusedBy = new Set<RateLimits>();
    for (let round = 0; round < 20 && refusedBy.size < 2; round++) {
      const burst = [...Array(4)].flatMap(() => [a, b]);
      const answers = await Promise.all(burst.map((limits) => accepted(limits, key)));
      total += answers.filter(Boolean).length;
      refusedBy = new Set([...refusedBy, ...burst.filter((_, i) => !answers[i])]);
    }
    expect(refusedBy.size).toBe(2);
    // Never more than the limit; at most one lease less than one point per other process early.
    expect(total).toBeLessThanOrEqual(60);
    expect(total).toBeGreaterThanOrEqual(60 - (leaseSize(60) - 1));
    expect(await store.counted(key)).toBeLessThanOrEqual(60);
    // Refused, it stays refused on both, and says how long.
    for (const limits of [a, b, a, b]) expect(await accepted(limits, key)).toBe(false);
    await expect(a.consume('graphql', key)).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });

  run('asks the store once per lease, not once per request', async () => {
    const config = { ...GENEROUS_RATE_LIMITS, graphql: { points: 1000, seconds: 600 } };
    const limits = await open(config);
    const key = `user:${name}-reader`;
    const lease = leaseSize(1000);
    expect(lease).toBe(100);
    expect(await accepted(limits, key)).toBe(true);
    expect(await store.counted(key)).toBe(lease);
    for (let i = 1; i < lease; i++) expect(await accepted(limits, key)).toBe(true);
    // A hundred requests, one lease in the store.
    expect(await store.counted(key)).toBe(lease);
    expect(await accepted(limits, key)).toBe(true);
    expect(await store.counted(key)).toBe(2 * lease);
  });

  run('leases what an operation weighs when it weighs more than a lease, and takes only what is left under the limit', async () => {
    const config = { ...GENEROUS_RATE_LIMITS, graphql: { points: 60, seconds: 600 } };
    const [a, b] = [await open(config), await open(config)];
    const key = `user:${name}-heavy`;
    expect(await accepted(a, key, 26)).toBe(true);
    expect(await accepted(a, key, 26)).toBe(true);
    expect(await store.counted(key)).toBe(52);
    // 8 points are left: B leases 6 of them, A the last 2, and the store counts no more than 60.
    expect(await accepted(b, key)).toBe(true);
    expect(await accepted(a, key, 26)).toBe(false);
    expect(await store.counted(key)).toBe(60);
    expect(await accepted(a, key, 2)).toBe(true);
    expect(await accepted(a, key)).toBe(false);
  });

  run('gives back what it leased and did not spend when it stops', async () => {
    const config = { ...GENEROUS_RATE_LIMITS, graphql: { points: 60, seconds: 600 } };
    const stopping = await createRateLimits(databaseUrl, config, store.options);
    const key = `user:${name}-stopping`;
    expect(await accepted(stopping, key)).toBe(true);
    expect(await store.counted(key)).toBe(leaseSize(60));
    await stopping.close();
    expect(await store.counted(key)).toBe(1);
  });

  run('starts afresh when the window ends, dropping what was left of the last lease', async () => {
    const config = { ...GENEROUS_RATE_LIMITS, graphql: { points: 20, seconds: 1 } };
    const limits = await open(config);
    const key = `user:${name}-window`;
    for (let i = 0; i < 20; i++) expect(await accepted(limits, key)).toBe(true);
    expect(await accepted(limits, key)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await accepted(limits, key)).toBe(true);
    expect(await store.counted(key)).toBe(leaseSize(20));
  });
});
