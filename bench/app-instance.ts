// One running instance of the real app for the benchmark, put together as
// `npm start` does (serve.ts), with the database client and identity provider
// given by the caller. It queues jobs but runs no workers (none are measured).
import type { IdentityProvider } from '../server/auth/identity-provider';
import type { AppConfig } from '../server/config';
import type { Db } from '../server/db/client';
import type { Logger } from '../server/infra/logger';
import { GENEROUS_RATE_LIMITS } from '../server/rate-limits/rate-limits';
import { serveApp } from '../server/serve';

export interface AppInstance {
  url: string;
  close(): Promise<void>;
}

export async function startAppInstance({ config, db, databaseUrl, identity, log }: { config: AppConfig; db: Db; databaseUrl: string; identity: IdentityProvider; log: Logger }): Promise<AppInstance> {
  const served = await serveApp({
    // The benchmark's load comes from a few accounts on one IP: limits it would hit are not what it measures.
    config: { ...config, port: 0, host: '127.0.0.1', jobWorkers: false, rateLimits: GENEROUS_RATE_LIMITS },
    db,
    databaseUrl,
    identity,
    log,
    authEmulatorUrl: null,
    smtpUrl: null,
    unsubscribeSecret: 'bench',
  });
  return { url: served.url, close: served.close };
}
