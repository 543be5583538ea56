import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma } from '../generated/prisma/client';
import { assertStorableArguments, storableArguments } from './storable-arguments';
import { fastTimestampTypes } from './timestamp-text';

export type Db = PrismaClient;

export interface DbOptions {
  maxConnections?: number;
  /** Called with each new pooled connection (tests and benchmarks count statements this way). */
  onConnect?: (client: pg.PoolClient) => void;
}

/**
 * How long a request waits for a database connection (a new one, or a free one of
 * the pool) before it is told the service is unavailable (503, see unavailable.ts):
 * with the database down or out of connections, requests answer within this bound
 * instead of hanging.
 */
export const CONNECTION_TIMEOUT_MS = 3000;

export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true });
  keepConnectionsAfterStatementErrors(pool);
  if (options.onConnect) pool.on('connect', options.onConnect);
  // An idle pooled connection the server dropped (a restart, an outage) is discarded by
  // the pool; without a listener its 'error' event would end the process.
  pool.on('error', () => undefined);
  // A transaction waits for its connection as long as a single query does (Prisma's own default
  // is 2 s, so a burst of transactions queueing for the pool failed sooner than its queries).
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: { maxWait: CONNECTION_TIMEOUT_MS } });
  // Every query's values are checked against what PostgreSQL stores before it is sent
  // (storable-arguments.ts). The extension adds no methods or result types, so the
  // extended client is the same PrismaClient to its users.
  const db = client.$extends(storableArguments) as unknown as Db;
  poolOf.set(db, pool);
  return db;
}

/**
 * pg-pool's own `query` hands its connection back with the statement's error, and the
 * pool then closes that connection. Prisma's adapter sends every statement outside a
 * transaction through it, so each refused write (a unique or check violation, a cap
 * that a trigger holds) cost a new connection: a TCP handshake, SCRAM and a server
 * process. 55 concurrent saves over the saved-search cap took 2 s on 10 connections,
 * and on a loaded machine the last ones waited for a connection past
 * CONNECTION_TIMEOUT_MS (503) instead of hearing the cap. An error PostgreSQL answered
 * leaves its connection ready for the next statement; only a lost connection (no
 * answer at all, or a FATAL one) is dropped.
 */
function keepConnectionsAfterStatementErrors(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = function queryKeepingConnection(...args: unknown[]) {
    // Callback calls are pg-pool's own business; the adapter and readRows use promises.
    if (args.some((argument) => typeof argument === 'function')) return poolQuery(...args);
    return (async () => {
      const client = await pool.connect();
      // A connection that fails mid-statement also emits 'error'; unheard, that would end the process.
      const ignoreConnectionError = () => undefined;
      client.on('error', ignoreConnectionError);
      try {
        const result = await (client.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args);
        client.removeListener('error', ignoreConnectionError);
        client.release();
        return result;
      } catch (error) {
        client.removeListener('error', ignoreConnectionError);
        client.release(answeredByServer(error) ? undefined : (error as Error));
        throw error;
      }
    })();
  } as typeof pool.query;
}

/** An error PostgreSQL sent as an answer to a statement, after which its connection goes on. */
const answeredByServer = (error: unknown) => error instanceof pg.DatabaseError && error.severity !== 'FATAL' && error.severity !== 'PANIC';

/** The driver pool under each client createDb made (readRows reads through it). */
const poolOf = new WeakMap<Db, pg.Pool>();

/**
 * The rows of a read of hundreds of rows, straight from the driver. Prisma's raw
 * queries convert every value twice (its adapter's normalisation, then its own
 * result types); on the agent's week (500 viewings) that was a fifth of the
 * app's time per request. Select only columns the driver and Prisma type alike:
 * text (cast enums to text), integers, booleans, uuid and timestamptz (a Date,
 * read by timestamp-text.ts).
 * Statements go through the same pool, so they are counted and observed as
 * Prisma's are. A client not made by createDb reads through $queryRaw.
 */
export async function readRows<T extends object>(db: Db, query: Prisma.Sql): Promise<T[]> {
  const pool = poolOf.get(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  // Past Prisma, so past its extension: the same refusal of what PostgreSQL cannot store (BAD_USER_INPUT, not a 500).
  assertStorableArguments(undefined, 'readRows', query.values);
  return (await pool.query<T>({ text: query.text, values: query.values, types: fastTimestampTypes })).rows;
}

/**
 * A single statement that returns no rows (an INSERT … ON CONFLICT, an UPDATE
 * outside any transaction), straight through the driver as readRows reads;
 * resolves to the rows it changed, as $executeRaw does. For statements on a
 * page's read path (the details page's view count).
 */
export async function runStatement(db: Db, query: Prisma.Sql): Promise<number> {
  const pool = poolOf.get(db);
  if (!pool) return db.$executeRaw(query);
  assertStorableArguments(undefined, 'runStatement', query.values);
  return (await pool.query({ text: query.text, values: query.values })).rowCount ?? 0;
}

/** Reports the text of every statement sent on `client` to `report`. */
export function observeStatements(client: pg.PoolClient, report: (sql: string) => void): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function observedQuery(this: pg.PoolClient, ...args: unknown[]) {
    const [statement] = args;
    report(typeof statement === 'string' ? statement : String((statement as { text?: unknown } | null)?.text ?? ''));
    return query.apply(this, args);
  } as unknown as typeof client.query;
}
