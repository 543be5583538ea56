import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, observeStatements, type Db } from '../db/client';
import { databaseUrl, testEnv } from './infrastructure';
import { releasedAtFileEnd } from './open-resources';

export interface TestDatabase {
  url: string;
  db: Db;
  /**
   * Calls `listener` with the text of every SQL statement `db` sends (each
   * query on each pooled connection, BEGIN/COMMIT included) until the returned
   * function is called. For tests that count queries per request (N+1 checks).
   */
  onStatement(listener: (sql: string) => void): () => void;
  drop(): Promise<void>;
}

/** A fresh, fully migrated database for one test file (a clone of the migrated template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const env = testEnv();
  const name = `opennest_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(env.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${env.templateDatabase}`);
  const url = databaseUrl(env.adminUrl, name);
  const { db, onStatement } = createObservedDb(url, 5);
  const drop = releasedAtFileEnd(`test database ${name}`, async () => {
    await db.$disconnect();
    await adminQuery(env.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return { url, db, onStatement, drop };
}

/** The app's Prisma client, with every statement it sends reported to the current listeners. */
function createObservedDb(url: string, maxConnections: number): { db: Db; onStatement: TestDatabase['onStatement'] } {
  const listeners = new Set<(sql: string) => void>();
  const db = createDb(url, {
    maxConnections,
    onConnect: (client) => observeStatements(client, (sql) => listeners.forEach((listener) => listener(sql))),
  });
  return {
    db,
    onStatement(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** An empty database (no migrations), for tests of the migration runner itself. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const env = testEnv();
  const name = `opennest_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(env.adminUrl, `CREATE DATABASE ${name}`);
  return { url: databaseUrl(env.adminUrl, name), drop: releasedAtFileEnd(`empty database ${name}`, () => adminQuery(env.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
