// Rate limits for every route class, counted in a store every API process shares:
// PostgreSQL by default (rate-limiter-flexible's Postgres store, in a schema of its
// own, "rate_limits"), Redis or Valkey when REDIS_URL is set (its Redis store).
// Each process leases points from the shared counter in blocks and counts them
// locally (leases.ts), so a read does not write to the store on every request.
// Each class is `points` per `seconds`, from an
// environment variable "points/seconds" (docs/configuration.md, "Rate limits"). Over a limit the
// caller gets RATE_LIMITED (REST: 429 + Retry-After; GraphQL: extensions.code and
// retryAfter, HTTP 429 + Retry-After) before anything is read or stored, so
// nothing accepted is ever lost.
import pg from 'pg';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { CONNECTION_TIMEOUT_MS } from '../db/client';
import { retriedWhileUnavailable } from '../db/unavailable';
import { AppError } from '../shared/errors';
import { DEFAULT_RATE_LIMITS, type RateLimitClass, type RateLimitConfig } from '../config';
import { leasedLimit, leaseSize, type LeasedLimit } from './leases';

// The classes, their variables and defaults are configuration (config.ts, which
// declares each variable once); re-exported here for the limiter's users.
export { DEFAULT_RATE_LIMITS, RATE_LIMIT_ENV, type RateLimitClass, type RateLimitConfig, type RateLimitRule } from '../config';

/** Classes counted per client IP (everyone may make these writes without signing in); the others per caller. */
export const countsPerIp = (kind: RateLimitClass) => kind === 'signIn' || kind === 'anonymousWrites';

/** GraphQL cost (graphql-armor's) per point of the `graphql` limit, beyond the first. */
export const GRAPHQL_COST_PER_POINT = 100;

export interface RateLimits {
  readonly config: RateLimitConfig;
  /** Counts `points` for `key` in `kind`; over the limit, throws RATE_LIMITED (with `message`, if given). */
  consume(kind: RateLimitClass, key: string, points?: number, message?: string): Promise<void>;
  /** Gives back the points leased and not spent, and closes the store's connections. */
  close(): Promise<void>;
}

const SCHEMA = 'rate_limits';

export interface RateLimitStoreOptions {
  /** Where the counters live: PostgreSQL (this database) unless a Redis/Valkey URL is given (REDIS_URL). */
  redisUrl?: string;
}

export async function createRateLimits(databaseUrl: string, config: RateLimitConfig, { redisUrl }: RateLimitStoreOptions = {}): Promise<RateLimits> {
  const store = redisUrl ? await redisStore(redisUrl) : await postgresStore(databaseUrl, config);
  const limits = new Map<RateLimitClass, LeasedLimit>();
  for (const kind of Object.keys(config) as RateLimitClass[]) {
    const { points, seconds } = config[kind];
    limits.set(kind, leasedLimit(store.limiter(kind, points, seconds), { points, seconds, lease: leaseSize(points) }));
  }
  return {
    config,
    async consume(kind, key, points = 1, message) {
      // A store error (an outage) is thrown as it is: it answers 503 like any other query.
      const refusedForMs = await limits.get(kind)!.take(key, points);
      if (refusedForMs === null) return;
      const retryAfterSeconds = Math.max(1, Math.ceil(refusedForMs / 1000));
      throw new AppError('RATE_LIMITED', message ?? `Too many requests; please try again in ${retryAfterSeconds} s.`, undefined, retryAfterSeconds);
    },
    async close() {
      for (const limit of limits.values()) limit.stop();
      await Promise.all([...limits.values()].map((limit) => limit.giveBack())).catch(() => undefined);
      await store.close();
    },
  };
}

interface Store {
  limiter(kind: RateLimitClass, points: number, seconds: number): RateLimiterStoreAbstract;
  close(): Promise<void>;
}

async function postgresStore(databaseUrl: string, config: RateLimitConfig): Promise<Store> {
  // A small pool of its own: counting must not wait behind the app's queries.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true });
  pool.on('error', () => undefined);
  const tableOf = (kind: RateLimitClass) => kind.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  try {
    // Its first connection is the app's start: a database slow to take it delays the start (retriedWhileUnavailable).
    await retriedWhileUnavailable(async () => {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`).catch(ignoreConcurrentCreation);
      for (const kind of Object.keys(config) as RateLimitClass[]) {
        // The table the library would create, created here first so no request races its creation.
        await pool
          .query(`CREATE TABLE IF NOT EXISTS ${SCHEMA}."${tableOf(kind)}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`)
          .catch(ignoreConcurrentCreation);
      }
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    limiter: (kind, points, duration) =>
      new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', schemaName: SCHEMA, tableName: tableOf(kind), tableCreated: true, keyPrefix: kind, points, duration }),
    close: () => pool.end(),
  };
}

async function redisStore(url: string): Promise<Store> {
  // Connected before the app serves (a wrong URL stops the start); afterwards a command fails at
  // once while the connection is down (an outage answers 503), instead of waiting in a queue.
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: CONNECTION_TIMEOUT_MS });
  client.on('error', () => undefined);
  await client.connect();
  return {
    limiter: (kind, points, duration) => new RateLimiterRedis({ storeClient: client, rejectIfRedisNotReady: true, keyPrefix: `opennest:rate-limits:${kind}`, points, duration }),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

function ignoreConcurrentCreation(error: { code?: string }) {
  // Another process created it at the same moment (a table's row type may be the object found to exist: 42710).
  if (error.code !== '23505' && error.code !== '42P07' && error.code !== '42P06' && error.code !== '42710') throw error;
}

/** Limits no test or benchmark load reaches (the counting still happens): for harnesses that are not about rate limits. */
export const GENEROUS_RATE_LIMITS: RateLimitConfig = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitClass[]).map((kind) => [kind, { points: 1_000_000, seconds: 60 }]),
) as RateLimitConfig;

/** The key of a caller: its API key (each key has its own budget), else its user record, else its verified identity, else its IP. */
export function callerKey(caller: { viewer: { id: string } | null; identity: { uid: string } | null; apiKey?: { id: string } | null }, ip: string | undefined): string {
  if (caller.apiKey) return `key:${caller.apiKey.id}`;
  if (caller.viewer) return `user:${caller.viewer.id}`;
  if (caller.identity) return `uid:${caller.identity.uid}`;
  return `ip:${ip ?? 'unknown'}`;
}
