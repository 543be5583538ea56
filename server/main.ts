// `npm start`: the whole product on one origin, with embedded parts for
// anything not configured (README, "What runs and where"), on API_PROCESSES HTTP processes.
// Only what starts the embedded services is imported up front; the rest (the
// app, the job workers, the demo data: seconds of module loading on 2 cores)
// loads while those services start (primaryModules), and an HTTP worker loads
// only what serving needs (workerModules).
import cluster from 'node:cluster';
import path from 'node:path';
import type { DemoLogin } from '../prisma/seed';
import { loadConfig } from './config';
import { startInfrastructure } from './local-services/infrastructure';
import { createLogger } from './infra/logger';
import { stopOnSignals } from './infra/shutdown';
import type { SharedLocalPayments } from './payments/payments-runtime';

const config = loadConfig();
const log = createLogger(config.logLevel);

/** How the primary tells its HTTP workers what it started (JSON of WorkerSetup). */
const WORKER_SETUP_ENV = 'OPENNEST_HTTP_WORKER_SETUP';

/** What an HTTP worker gets from the primary instead of starting it. */
interface WorkerSetup {
  databaseUrl: string;
  authEmulatorHost: string | null;
  authEmulatorUrl: string | null;
  smtpUrl: string | null;
  unsubscribeSecret: string;
  /** The primary's local payment server (local payments mode). */
  payments: SharedLocalPayments | null;
}

/**
 * The primary: embedded services, migrations, demo data and the local payment
 * server, once; then either the app in this process (API_PROCESSES=1) or
 * API_PROCESSES HTTP workers sharing the port (http-workers.ts), with the job
 * workers (JOB_WORKERS) here, once, rather than in each.
 */
/** What serving the app needs (the primary with API_PROCESSES=1, and each HTTP worker). */
async function workerModules() {
  const [{ createFirebaseIdentityProvider }, { createDb }, { serveApp }, { connectLocalPayments }] = await Promise.all([
    import('./auth/identity-provider'),
    import('./db/client'),
    import('./serve'),
    import('./payments/payments-runtime'),
  ]);
  return { createFirebaseIdentityProvider, createDb, serveApp, connectLocalPayments };
}

/** The primary's modules besides those that start the embedded services. */
async function primaryModules() {
  const [serving, { seedDemoData }, { applyMigrations }, { applyTextSearchLanguage }, { loadUnsubscribeSecret }, { eventsAndJobsOptions, startEventsAndJobs }, { startHttpWorkers }, { startPayments }, { createImageStorage }] =
    await Promise.all([
      workerModules(),
      import('../prisma/seed'),
      import('./db/migrate'),
      import('./properties/text-search-language'),
      import('./notifications/unsubscribe-token'),
      import('./events-and-jobs'),
      import('./infra/http-workers'),
      import('./payments/payments-runtime'),
      import('./uploads/create-image-storage'),
    ]);
  return { ...serving, seedDemoData, applyMigrations, applyTextSearchLanguage, loadUnsubscribeSecret, eventsAndJobsOptions, startEventsAndJobs, startHttpWorkers, startPayments, createImageStorage };
}

async function main() {
  const phases = startupPhases();
  const loading = primaryModules();
  // A start-up that fails first (a service) reports that failure, not this one's as unhandled.
  loading.catch(() => undefined);
  const infrastructure = await startInfrastructure(config, log);
  const services = Object.entries(infrastructure.startSeconds).map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`);
  phases.mark(`embedded services${services.length ? ` (side by side: ${services.join(', ')})` : ''}`);
  const { seedDemoData, applyMigrations, applyTextSearchLanguage, loadUnsubscribeSecret, eventsAndJobsOptions, startEventsAndJobs, startHttpWorkers, startPayments, createImageStorage, createFirebaseIdentityProvider, createDb, serveApp } =
    await loading.catch(async (error: unknown) => {
      await infrastructure.stop();
      throw error;
    });
  phases.mark('the other modules, after the services');
  const applied = await applyMigrations(infrastructure.databaseUrl, log);
  phases.mark('migrations');
  if (applied.length) log.info({ applied }, 'migrations applied');
  if (await applyTextSearchLanguage(infrastructure.databaseUrl, config.textSearchLanguage)) log.info({ language: config.textSearchLanguage }, 'keyword search language changed: search words recomputed');

  const db = createDb(infrastructure.databaseUrl);
  const identity = createFirebaseIdentityProvider(config.firebase, infrastructure.authEmulatorHost ?? undefined);
  const storage = createImageStorage(config);
  const demoLogins = config.seedDemo ? await seedDemoData({ db, identity, storage, log }) : [];
  phases.mark('demo data');
  const unsubscribeSecret = await loadUnsubscribeSecret(config.unsubscribeSecret, config.dataDir);
  const payments = await startPayments(config.payments, { stateFile: path.join(config.dataDir, 'payments', 'local-stripe.json'), log });
  phases.mark('payments');
  const browserOrigins = [`http://localhost:${config.port}`, config.publicUrl];

  let serving: { url: string; stop(): Promise<void> };
  if (config.apiProcesses > 1) {
    const eventsAndJobs = await startEventsAndJobs(
      eventsAndJobsOptions(config, { databaseUrl: infrastructure.databaseUrl, log, smtpUrl: infrastructure.smtpUrl, unsubscribeSecret }),
    );
    const setup: WorkerSetup = {
      databaseUrl: infrastructure.databaseUrl,
      authEmulatorHost: infrastructure.authEmulatorHost,
      authEmulatorUrl: infrastructure.authEmulatorUrl,
      smtpUrl: infrastructure.smtpUrl,
      unsubscribeSecret,
      payments: payments.shared ?? null,
    };
    const workers = await startHttpWorkers({ count: config.apiProcesses, env: { [WORKER_SETUP_ENV]: JSON.stringify(setup) }, log }).catch(async (error: unknown) => {
      await eventsAndJobs.stop();
      throw error;
    });
    payments.attachApp(workers.url, [workers.url, ...browserOrigins]);
    serving = {
      url: workers.url,
      async stop() {
        await workers.stop();
        await eventsAndJobs.stop();
      },
    };
  } else {
    const served = await serveApp({
      config,
      db,
      databaseUrl: infrastructure.databaseUrl,
      identity,
      storage,
      log,
      authEmulatorUrl: infrastructure.authEmulatorUrl,
      smtpUrl: infrastructure.smtpUrl,
      unsubscribeSecret,
      payments,
      browserOrigins,
    });
    serving = { url: served.url, stop: served.close };
  }
  phases.mark(config.apiProcesses > 1 ? 'HTTP workers' : 'app');
  const browser = payments.browser;
  const port = new URL(serving.url).port;
  printBanner(`http://localhost:${port}`, demoLogins, {
    authEmulatorUrl: infrastructure.authEmulatorUrl,
    localPaymentsUrl: browser.provider === 'local' ? browser.apiUrl : null,
    inboxUrl: infrastructure.mailInboxUrl,
    jobWorkers: config.jobWorkers,
    images: config.imageStorage.mode === 's3' ? `S3 bucket ${config.imageStorage.bucket}${config.imageStorage.endpoint ? ` at ${config.imageStorage.endpoint}` : ''}` : config.uploadDir,
    apiProcesses: config.apiProcesses,
    readySeconds: secondsSinceStart(),
    phases: phases.summary(),
  });
  // Started by a parent over IPC (server/test/app-process.ts): tell it where we listen.
  process.send?.({ type: 'ready', url: serving.url });

  const shutdown = stopOnSignals(log, 'shutting down', async () => {
    await serving.stop();
    await payments.stop().catch(() => undefined);
    await db.$disconnect().catch(() => undefined);
    await identity.close().catch(() => undefined);
    await infrastructure.stop();
  });
  // A parent that started us over IPC went away without stopping us: go too.
  if (process.send) process.on('disconnect', () => void shutdown('disconnect'));
}

/** An HTTP worker (API_PROCESSES > 1): the app on what the primary started, jobs queued but not worked here. */
async function httpWorker(setup: WorkerSetup) {
  const { createFirebaseIdentityProvider, createDb, serveApp, connectLocalPayments } = await workerModules();
  const db = createDb(setup.databaseUrl);
  const identity = createFirebaseIdentityProvider(config.firebase, setup.authEmulatorHost ?? undefined);
  const served = await serveApp({
    config: { ...config, jobWorkers: false },
    db,
    databaseUrl: setup.databaseUrl,
    identity,
    log,
    authEmulatorUrl: setup.authEmulatorUrl,
    smtpUrl: null,
    unsubscribeSecret: setup.unsubscribeSecret,
    payments: setup.payments ? connectLocalPayments(setup.payments) : undefined,
  });
  process.send?.({ type: 'ready', url: served.url });
  const shutdown = stopOnSignals(log, 'HTTP worker shutting down', async () => {
    await served.close();
    await db.$disconnect().catch(() => undefined);
    await identity.close().catch(() => undefined);
  });
  // The primary went away without stopping us: go too.
  process.on('disconnect', () => void shutdown('disconnect'));
}

/** Since `npm start` began (start.ts passes its start time on), else since this process began. */
function secondsSinceStart(): number {
  const startedAt = Number(process.env.OPENNEST_START_TIME) || performance.timeOrigin;
  return (Date.now() - startedAt) / 1000;
}

/**
 * Where the start-up's time went, printed under the banner's ready time: before
 * this process (start.ts: the Node check, the client build check, this process's
 * spawn), loading this process's modules, then each step of main().
 */
function startupPhases() {
  const parts: string[] = [];
  const ownStart = performance.timeOrigin;
  const npmStart = Number(process.env.OPENNEST_START_TIME) || ownStart;
  const format = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (npmStart < ownStart) parts.push(`npm start to this process ${format(ownStart - npmStart)}`);
  parts.push(`first modules ${format(performance.now())}`);
  let last = performance.now();
  return {
    mark(name: string) {
      const now = performance.now();
      parts.push(`${name} ${format(now - last)}`);
      last = now;
    },
    summary: () => parts.join(', '),
  };
}

interface BannerParts {
  authEmulatorUrl: string | null;
  localPaymentsUrl: string | null;
  /** The embedded mail server's web inbox, when e-mail goes there. */
  inboxUrl: string | null;
  jobWorkers: boolean;
  /** Where uploaded images are stored (a directory, or an S3 bucket: never its credentials). */
  images: string;
  apiProcesses: number;
  /** Seconds from `npm start` to ready. */
  readySeconds: number;
  /** Where those seconds went (startupPhases). */
  phases: string;
}

function printBanner(url: string, logins: DemoLogin[], { authEmulatorUrl, localPaymentsUrl, inboxUrl, jobWorkers, images, apiProcesses, readySeconds, phases }: BannerParts) {
  const lines = [
    '',
    `  OpenNest is running on ${url} (ready ${readySeconds.toFixed(1)} s after start)`,
    `    Start-up    ${phases}`,
    `    GraphQL     ${url}/graphql   (explorer: ${url}/sandbox)`,
    `    REST        ${url}/api`,
    `    API         ${apiProcesses > 1 ? `${apiProcesses} HTTP worker processes on the one port (API_PROCESSES)` : 'one process (API_PROCESSES=1)'}`,
    ...(authEmulatorUrl ? [`    Auth        Firebase Auth emulator at ${authEmulatorUrl}`] : []),
    ...(localPaymentsUrl ? [`    Payments    local Stripe-compatible server at ${localPaymentsUrl} (card 4242 4242 4242 4242 succeeds)`] : []),
    ...(inboxUrl ? [`    E-mail      every e-mail the app sends lands in the inbox at ${inboxUrl}`] : []),
    `    Images      ${images} (served at ${url}/uploads)`,
    `    Jobs        ${jobWorkers ? `workers run in ${apiProcesses > 1 ? 'the primary process' : 'this process'} (e-mail, digests, saved-search alerts)` : 'JOB_WORKERS=off: run `npm run worker` to process jobs'}`,
    ...(logins.length
      ? ['', '  Demo logins (e-mail / password):', ...logins.map((l) => `    ${l.role.padEnd(6)} ${l.email.padEnd(24)} ${l.password}`)]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

const workerSetup = cluster.isWorker ? process.env[WORKER_SETUP_ENV] : undefined;
(workerSetup ? httpWorker(JSON.parse(workerSetup) as WorkerSetup) : main()).catch((error) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
