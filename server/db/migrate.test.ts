// The migration runner (server/db/migrate.ts) against real, empty PostgreSQL
// databases: what it records, that it is idempotent and safe to start twice at
// once, and that it refuses edited or broken migrations without leaving half of
// one behind.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createEmptyDatabase } from '../test/database';
import { applyMigrations, migrationsDir, readMigrations } from './migrate';

interface MigrationRow {
  id: string;
  migration_name: string;
  checksum: string;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

const databases: Array<{ drop(): Promise<void> }> = [];
const tempDirs: string[] = [];

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  await Promise.all(tempDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function emptyDatabase(): Promise<string> {
  const database = await createEmptyDatabase();
  databases.push(database);
  return database.url;
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const recorded = (url: string) => query<MigrationRow>(url, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name, started_at');

const tableExists = async (url: string, table: string) =>
  (await query<{ found: string | null }>(url, 'SELECT to_regclass($1)::text AS found', [table]))[0].found !== null;

/** A copy of prisma/migrations in a temporary directory, to add or edit migrations in. */
async function copyOfMigrations(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-migrations-'));
  tempDirs.push(dir);
  await fs.cp(migrationsDir, dir, { recursive: true });
  return dir;
}

async function addMigration(dir: string, name: string, sql: string): Promise<void> {
  await fs.mkdir(path.join(dir, name), { recursive: true });
  await fs.writeFile(path.join(dir, name, 'migration.sql'), sql);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let committed: Array<{ name: string; sql: string }>;
beforeAll(async () => {
  const names = (await fs.readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  committed = await Promise.all(names.map(async (name) => ({ name, sql: await fs.readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8') })));
  expect(committed.length).toBeGreaterThan(0);
});

describe('applyMigrations', () => {
  it('applies every migration to an empty database, in order, and records each with its sha256 checksum', async () => {
    const url = await emptyDatabase();
    const before = new Date();
    expect(await applyMigrations(url)).toEqual(committed.map((m) => m.name));

    const rows = await recorded(url);
    expect(rows.map((row) => row.migration_name)).toEqual(committed.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(sha256(committed[i].sql));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5_000);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    // readMigrations agrees with what was recorded.
    expect((await readMigrations()).map((m) => [m.name, m.checksum])).toEqual(rows.map((row) => [row.migration_name, row.checksum]));
    // And the migration's objects are there.
    for (const table of ['users', 'properties', 'wishlist_items', 'offers', 'reviews']) expect(await tableExists(url, table)).toBe(true);
  });

  it('applies nothing the second time', async () => {
    const url = await emptyDatabase();
    await applyMigrations(url);
    const first = await recorded(url);
    expect(await applyMigrations(url)).toEqual([]);
    expect(await recorded(url)).toEqual(first);
  });

  it('applies only the migrations that are new', async () => {
    const dir = await copyOfMigrations();
    const url = await emptyDatabase();
    await applyMigrations(url, undefined, dir);
    await addMigration(dir, '29990101000000_add_nickname', 'ALTER TABLE "users" ADD COLUMN "nickname" TEXT;\n');
    expect(await applyMigrations(url, undefined, dir)).toEqual(['29990101000000_add_nickname']);
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual([...committed.map((m) => m.name), '29990101000000_add_nickname']);
    expect(await query(url, 'SELECT nickname FROM users')).toEqual([]);
  });

  it('lets only one of two concurrent runs migrate (advisory lock); the other waits, then finds nothing to do', async () => {
    // A slow last migration keeps the first run inside the lock long enough to watch the second one wait.
    const dir = await copyOfMigrations();
    await addMigration(dir, '29990101000000_slow', 'SELECT pg_sleep(2);\n');
    const url = await emptyDatabase();
    const all = [...committed.map((m) => m.name), '29990101000000_slow'];

    const runs = Promise.all([applyMigrations(url, undefined, dir), applyMigrations(url, undefined, dir)]);
    const advisoryLocks = () =>
      query<{ granted: boolean }>(
        url,
        `SELECT granted FROM pg_locks
         WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         ORDER BY granted DESC`,
      );
    let locks: Array<{ granted: boolean }> = [];
    for (let attempt = 0; attempt < 120; attempt++) {
      locks = await advisoryLocks();
      if (locks.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // One run holds the lock, the other is queued behind it.
    expect(locks).toEqual([{ granted: true }, { granted: false }]);

    const results = await runs;
    expect(results.map((applied) => applied.length).sort()).toEqual([0, all.length]);
    expect(results.find((applied) => applied.length)).toEqual(all);
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(all);
    expect(await advisoryLocks()).toEqual([]);
  });

  it('refuses a migration that was edited after it was applied, naming it, and applies nothing after it', async () => {
    const dir = await copyOfMigrations();
    const url = await emptyDatabase();
    await applyMigrations(url, undefined, dir);
    const [first] = committed;
    await fs.appendFile(path.join(dir, first.name, 'migration.sql'), '\n-- a harmless-looking edit\n');
    await addMigration(dir, '29990101000000_add_nickname', 'ALTER TABLE "users" ADD COLUMN "nickname" TEXT;\n');

    await expect(applyMigrations(url, undefined, dir)).rejects.toThrow(
      `Migration ${first.name} was edited after it was applied. Add a new migration instead.`,
    );
    expect((await recorded(url)).map((row) => [row.migration_name, row.checksum])).toEqual(committed.map((m) => [m.name, sha256(m.sql)]));
    expect(await query(url, `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`)).toEqual([]);
  });

  it('rolls a failing migration back entirely, reports it, and applies it once fixed', async () => {
    const dir = await copyOfMigrations();
    const url = await emptyDatabase();
    const broken = '29990101000000_broken';
    await addMigration(
      dir,
      broken,
      ['CREATE TABLE "half_done" ("id" INTEGER PRIMARY KEY);', 'ALTER TABLE "users" ADD COLUMN "nickname" TEXT;', 'UPDATE "no_such_table" SET x = 1;', ''].join('\n'),
    );

    // The earlier migrations of the same run are committed; the broken one is not.
    const failure = applyMigrations(url, undefined, dir);
    await expect(failure).rejects.toThrow(`Migration ${broken} failed: relation "no_such_table" does not exist`);
    await failure.catch((error: Error) => expect((error.cause as { code?: string }).code).toBe('42P01'));

    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(committed.map((m) => m.name));
    expect(await tableExists(url, 'half_done')).toBe(false);
    expect(await query(url, `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`)).toEqual([]);
    expect(await tableExists(url, 'users')).toBe(true);

    // Nothing was recorded for it, so the fixed file is simply applied next time.
    await addMigration(dir, broken, 'CREATE TABLE "half_done" ("id" INTEGER PRIMARY KEY);\nALTER TABLE "users" ADD COLUMN "nickname" TEXT;\n');
    expect(await applyMigrations(url, undefined, dir)).toEqual([broken]);
    expect(await tableExists(url, 'half_done')).toBe(true);
    const [row] = (await recorded(url)).filter((r) => r.migration_name === broken);
    expect(row).toMatchObject({ finished_at: expect.any(Date), rolled_back_at: null });
  });

  it('refuses to continue past a migration that Prisma recorded as failed', async () => {
    // `prisma migrate deploy` leaves a row without finished_at when a migration fails;
    // that needs `prisma migrate resolve` or a manual fix, not a silent retry.
    const dir = await copyOfMigrations();
    const url = await emptyDatabase();
    await applyMigrations(url, undefined, dir);
    await addMigration(dir, '29990101000000_add_nickname', 'ALTER TABLE "users" ADD COLUMN "nickname" TEXT;\n');
    await query(url, `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES ('f0000000-0000-4000-8000-000000000000', $1, '29990101000000_add_nickname', 'boom')`, [
      sha256('ALTER TABLE "users" ADD COLUMN "nickname" TEXT;\n'),
    ]);
    await expect(applyMigrations(url, undefined, dir)).rejects.toThrow('Migration 29990101000000_add_nickname failed earlier and needs a manual fix');
    expect(await query(url, `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`)).toEqual([]);
  });
  it('runs a migration marked "-- opennest:no-transaction" outside a transaction', async () => {
    // CREATE INDEX CONCURRENTLY is refused inside a transaction block.
    const dir = await copyOfMigrations();
    const url = await emptyDatabase();
    await applyMigrations(url, undefined, dir);
    const concurrent = '29990101000000_concurrent_index';
    await addMigration(dir, concurrent, 'CREATE INDEX CONCURRENTLY "users_name_idx" ON "users" ("name");\n');
    await expect(applyMigrations(url, undefined, dir)).rejects.toThrow('cannot run inside a transaction block');

    await addMigration(dir, concurrent, '-- opennest:no-transaction\nCREATE INDEX CONCURRENTLY "users_name_idx" ON "users" ("name");\n');
    expect(await applyMigrations(url, undefined, dir)).toEqual([concurrent]);
    expect(await query(url, `SELECT 1 FROM pg_indexes WHERE indexname = 'users_name_idx'`)).toHaveLength(1);
    expect((await recorded(url)).filter((row) => row.migration_name === concurrent)).toHaveLength(1);
  });
});
