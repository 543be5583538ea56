// Rate limits for every route class, counted in PostgreSQL (rate-limiter-flexible's
// Postgres store, in a schema of its own, "rate_limits") so that every API process
// shares the same counters. Each class is `points` per `seconds`, from an
// environment variable "points/seconds" (docs/configuration.md, "Rate limits"). Over a limit the
// caller gets RATE_LIMITED (REST: 429 + Retry-After; GraphQL: extensions.code and
// retryAfter, HTTP 429 + Retry-After) before anything is read or stored, so
// nothing accepted is ever lost.
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { CONNECTION_TIMEOUT_MS } from '../db/client';
import { AppError } from '../shared/errors';
import { DEFAULT_RATE_LIMITS, type RateLimitClass, type RateLimitConfig } from '../config';

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
  close(): Promise<void>;
}

const SCHEMA = 'rate_limits';

export async function createRateLimits(databaseUrl: string, config: RateLimitConfig): Promise<RateLimits> {
  // A small pool of its own: counting must not wait behind the app's queries.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true });
  pool.on('error', () => undefined);
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`).catch(ignoreConcurrentCreation);
  const limiters = new Map<RateLimitClass, RateLimiterPostgres>();
  for (const kind of Object.keys(config) as RateLimitClass[]) {
    const table = kind.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    // The table the library would create, created here first so no request races its creation.
    await pool
      .query(`CREATE TABLE IF NOT EXISTS ${SCHEMA}."${table}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`)
      .catch(ignoreConcurrentCreation);
    limiters.set(
      kind,
      new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', schemaName: SCHEMA, tableName: table, tableCreated: true, keyPrefix: kind, points: config[kind].points, duration: config[kind].seconds }),
    );
  }
  return {
    config,
    async consume(kind, key, points = 1, message) {
      try {
        await limiters.get(kind)!.consume(key, points);
      } catch (refusal) {
        // The library rejects with RateLimiterRes when over the limit, with the store's error otherwise
        // (a database outage: rethrown, it answers 503 like any other query).
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const retryAfterSeconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', message ?? `Too many requests; please try again in ${retryAfterSeconds} s.`, undefined, retryAfterSeconds);
      }
    },
    close: () => pool.end(),
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

/** The key of a caller: its user record, else its verified identity, else its IP. */
export function callerKey(caller: { viewer: { id: string } | null; identity: { uid: string } | null }, ip: string | undefined): string {
  if (caller.viewer) return `user:${caller.viewer.id}`;
  if (caller.identity) return `uid:${caller.identity.uid}`;
  return `ip:${ip ?? 'unknown'}`;
}
