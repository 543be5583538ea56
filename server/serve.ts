// One running app process, put together the same way wherever it runs (`npm
// start`, the test harnesses, the benchmark's app processes): the payment
// provider, the events and jobs (event bus, job queue and, with JOB_WORKERS, its
// workers), the Express app, and the HTTP server with the GraphQL WebSocket.
import type { Express } from 'express';
import { createApp } from './app';
import type { IdentityProvider } from './auth/identity-provider';
import { eventsAndJobsOptions, startEventsAndJobs, type EventsAndJobs } from './events-and-jobs';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Logger } from './infra/logger';
import { startPayments, type PaymentsRuntime } from './payments/payments-runtime';
import { createImageStorage } from './uploads/create-image-storage';
import type { ImageStorage } from './uploads/image-storage';
import { createRateLimits } from './rate-limits/rate-limits';
import type { CspReportLog } from './web/csp-reports';

export interface ServeOptions {
  config: AppConfig;
  db: Db;
  databaseUrl: string;
  identity: IdentityProvider;
  log: Logger;
  /** Browser-facing Auth emulator URL, when the emulator is used. */
  authEmulatorUrl: string | null;
  /** Where e-mail goes (the job workers send it); null when this process runs no workers. */
  smtpUrl: string | null;
  unsubscribeSecret: string;
  storage?: ImageStorage;
  /** Where the local payment server keeps its state across restarts. */
  paymentsStateFile?: string;
  pollingIntervalSeconds?: number;
  /** A payment runtime the caller started and stops (an HTTP worker's, on the primary's local server); else one is started here. */
  payments?: PaymentsRuntime;
  /** Extra origins (besides the served URL) the local payment server lets confirm payments. */
  browserOrigins?: string[];
  /** The services' "now" (ServiceDeps.clock); the real clock when absent. */
  clock?: () => Date;
}

export interface ServedApp {
  url: string;
  app: Express;
  eventsAndJobs: EventsAndJobs;
  payments: PaymentsRuntime;
  /** The CSP violations browsers reported (POST /csp-report). */
  cspReports: CspReportLog;
  close(): Promise<void>;
}

export async function serveApp(options: ServeOptions): Promise<ServedApp> {
  const { config, db, databaseUrl, identity, log } = options;
  const steps: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const step of steps.reverse()) await step().catch((error: unknown) => log.warn({ err: error }, 'shutdown step failed'));
  };
  try {
    const payments = options.payments ?? (await startPayments(config.payments, { stateFile: options.paymentsStateFile, log }));
    if (!options.payments) steps.push(() => payments.stop());
    const eventsAndJobs = await startEventsAndJobs(
      eventsAndJobsOptions(config, { databaseUrl, log, smtpUrl: options.smtpUrl, unsubscribeSecret: options.unsubscribeSecret, pollingIntervalSeconds: options.pollingIntervalSeconds }),
    );
    steps.push(() => eventsAndJobs.stop());
    const rateLimits = await createRateLimits(databaseUrl, config.rateLimits, { redisUrl: config.redisUrl });
    steps.push(() => rateLimits.close());
    const built = await createApp({
      config,
      db,
      identity,
      eventsAndJobs,
      storage: options.storage ?? createImageStorage(config),
      log,
      authEmulatorUrl: options.authEmulatorUrl,
      payments: payments.provider,
      rateLimits,
      paymentsBrowser: payments.browser,
      clock: options.clock,
    });
    steps.push(() => built.stop());
    const { url } = await built.listen(config.port, config.host);
    payments.attachApp(url, [url, ...(options.browserOrigins ?? [])]);
    return { url, app: built.app, eventsAndJobs, payments, cspReports: built.cspReports, close };
  } catch (error) {
    await close();
    throw error;
  }
}
