// Applies prisma/migrations/*/migration.sql in order, recording them in Prisma's
// own `_prisma_migrations` table with Prisma's checksum, so that `prisma migrate
// deploy` and `prisma migrate status` agree with us wherever Prisma's schema
// engine can be downloaded. We need our own runner because that engine is a
// native binary fetched at run time, which offline machines cannot do.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../config';
import type { Logger } from '../infra/logger';

export const migrationsDir = path.join(projectRoot, 'prisma', 'migrations');

/** First line of a migration.sql that must not run inside a transaction. */
const NO_TRANSACTION = /^-- opennest:no-transaction\b/;

// Any constant will do; it only has to be the same for every process.
const MIGRATION_LOCK_KEY = 72_707_301;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await fs.readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Returns the names of the migrations applied by this call. */
export async function applyMigrations(databaseUrl: string, log?: Logger, dir = migrationsDir): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    // Two app instances starting together must not both migrate.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
        "id" VARCHAR(36) PRIMARY KEY NOT NULL,
        "checksum" VARCHAR(64) NOT NULL,
        "finished_at" TIMESTAMPTZ,
        "migration_name" VARCHAR(255) NOT NULL,
        "logs" TEXT,
        "rolled_back_at" TIMESTAMPTZ,
        "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
        "applied_steps_count" INTEGER NOT NULL DEFAULT 0
      )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const done = new Map(rows.map((row) => [row.migration_name, row]));

    for (const migration of migrations) {
      const previous = done.get(migration.name);
      if (previous?.finished_at) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was edited after it was applied. Add a new migration instead.`);
        }
        continue;
      }
      if (previous) {
        throw new Error(`Migration ${migration.name} failed earlier and needs a manual fix (see _prisma_migrations).`);
      }
      log?.info({ migration: migration.name }, 'applying migration');
      const record = () =>
        client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
      if (NO_TRANSACTION.test(migration.sql)) {
        // For statements PostgreSQL refuses inside a transaction (CREATE INDEX
        // CONCURRENTLY, using a just-added enum value). Such a migration should
        // be a single statement, or be safe to re-run.
        try {
          await client.query(migration.sql);
        } catch (error) {
          throw new Error(`Migration ${migration.name} failed (no transaction, check for partial changes): ${(error as Error).message}`, { cause: error });
        }
        await record();
      } else {
        // Everything else runs in one transaction: a failed migration leaves no trace.
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await record();
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
      }
      applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
