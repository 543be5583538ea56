// Counts and captures the SQL a GraphQL request really issues. A second,
// in-process instance of the app is built exactly like the one under load, except
// that its Prisma adapter gets a pg.Pool whose connections record every statement
// they are sent (text and values). It only ever serves single requests.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { IdentityProvider } from '../server/auth/identity-provider';
import type { AppConfig } from '../server/config';
import { PrismaClient } from '../server/generated/prisma/client';
import type { Logger } from '../server/infra/logger';
import { startAppInstance } from './app-instance';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface RecordingApp {
  url: string;
  /** Runs `work` and returns every statement sent to PostgreSQL meanwhile, in order. */
  record(work: () => Promise<unknown>): Promise<Statement[]>;
  close(): Promise<void>;
}

type QueryFn = (...args: unknown[]) => unknown;

export async function startRecordingApp(options: {
  databaseUrl: string;
  poolSize: number;
  config: AppConfig;
  identity: IdentityProvider;
  log: Logger;
}): Promise<RecordingApp> {
  let recording: Statement[] | null = null;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  // pool.end() resolves before idle connections are closed; a server stopping then must not crash us.
  pool.on('error', () => undefined);
  // pool.query() and transactions both end in a pooled client's query().
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      if (recording) {
        const first = args[0] as string | { text: string; values?: unknown[] };
        const text = typeof first === 'string' ? first : first.text;
        const values = (typeof first === 'string' ? args[1] : (first.values ?? args[1])) as unknown[] | undefined;
        recording.push({ text, values: Array.isArray(values) ? [...values] : [] });
      }
      return original(...args);
    };
  });
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  const instance = await startAppInstance({ config: options.config, db, databaseUrl: options.databaseUrl, identity: options.identity, log: options.log });
  return {
    url: instance.url,
    async record(work) {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
    async close() {
      await instance.close();
      await db.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
