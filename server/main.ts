// `npm start`: the whole product on one origin, with embedded parts for
// anything not configured (see README).
import { seedDemoData, type DemoLogin } from '../prisma/seed';
import { createFirebaseIdentityProvider } from './auth/identity-provider';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { applyMigrations } from './db/migrate';
import { startInfrastructure } from './infra/infrastructure';
import { createLogger } from './infra/logger';
import { stopOnSignals } from './infra/shutdown';
import { loadUnsubscribeSecret } from './notifications/unsubscribe-token';
import { serveApp } from './serve';
import { createImageStorage } from './uploads/create-image-storage';
import path from 'node:path';

const config = loadConfig();
const log = createLogger(config.logLevel);

async function main() {
  const infrastructure = await startInfrastructure(config, log);
  const applied = await applyMigrations(infrastructure.databaseUrl, log);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const db = createDb(infrastructure.databaseUrl);
  const identity = createFirebaseIdentityProvider(config.firebase, infrastructure.authEmulatorHost ?? undefined);
  const storage = createImageStorage(config);
  const demoLogins = config.seedDemo ? await seedDemoData({ db, identity, storage, log }) : [];

  const served = await serveApp({
    config,
    db,
    databaseUrl: infrastructure.databaseUrl,
    identity,
    storage,
    log,
    authEmulatorUrl: infrastructure.authEmulatorUrl,
    smtpUrl: infrastructure.smtpUrl,
    unsubscribeSecret: await loadUnsubscribeSecret(config.unsubscribeSecret, config.dataDir),
    paymentsStateFile: path.join(config.dataDir, 'payments', 'local-stripe.json'),
    browserOrigins: [`http://localhost:${config.port}`, config.publicUrl],
  });
  const browser = served.payments.browser;
  const port = new URL(served.url).port;
  printBanner(`http://localhost:${port}`, demoLogins, {
    authEmulatorUrl: infrastructure.authEmulatorUrl,
    localPaymentsUrl: browser.provider === 'local' ? browser.apiUrl : null,
    inboxUrl: infrastructure.mailInboxUrl,
    jobWorkers: config.jobWorkers,
    images: config.imageStorage.mode === 's3' ? `S3 bucket ${config.imageStorage.bucket}${config.imageStorage.endpoint ? ` at ${config.imageStorage.endpoint}` : ''}` : config.uploadDir,
    readySeconds: secondsSinceStart(),
  });
  // Started by a parent over IPC (server/test/app-process.ts): tell it where we listen.
  process.send?.({ type: 'ready', url: served.url });

  const shutdown = stopOnSignals(log, 'shutting down', async () => {
    await served.close();
    await db.$disconnect().catch(() => undefined);
    await identity.close().catch(() => undefined);
    await infrastructure.stop();
  });
  // A parent that started us over IPC went away without stopping us: go too.
  if (process.send) process.on('disconnect', () => void shutdown('disconnect'));
}

/** Since `npm start` began (start.ts passes its start time on), else since this process began. */
function secondsSinceStart(): number {
  const startedAt = Number(process.env.OPENNEST_START_TIME) || performance.timeOrigin;
  return (Date.now() - startedAt) / 1000;
}

interface BannerParts {
  authEmulatorUrl: string | null;
  localPaymentsUrl: string | null;
  /** The embedded mail server's web inbox, when e-mail goes there. */
  inboxUrl: string | null;
  jobWorkers: boolean;
  /** Where uploaded images are stored (a directory, or an S3 bucket: never its credentials). */
  images: string;
  /** Seconds from `npm start` to ready. */
  readySeconds: number;
}

function printBanner(url: string, logins: DemoLogin[], { authEmulatorUrl, localPaymentsUrl, inboxUrl, jobWorkers, images, readySeconds }: BannerParts) {
  const lines = [
    '',
    `  OpenNest is running on ${url} (ready ${readySeconds.toFixed(1)} s after start)`,
    `    GraphQL     ${url}/graphql   (explorer: ${url}/sandbox)`,
    `    REST        ${url}/api`,
    ...(authEmulatorUrl ? [`    Auth        Firebase Auth emulator at ${authEmulatorUrl}`] : []),
    ...(localPaymentsUrl ? [`    Payments    local Stripe-compatible server at ${localPaymentsUrl} (card 4242 4242 4242 4242 succeeds)`] : []),
    ...(inboxUrl ? [`    E-mail      every e-mail the app sends lands in the inbox at ${inboxUrl}`] : []),
    `    Images      ${images} (served at ${url}/uploads)`,
    `    Jobs        ${jobWorkers ? 'workers run in this process (e-mail, digests, saved-search alerts)' : 'JOB_WORKERS=off: run `npm run worker` to process jobs'}`,
    ...(logins.length
      ? ['', '  Demo logins (e-mail / password):', ...logins.map((l) => `    ${l.role.padEnd(6)} ${l.email.padEnd(24)} ${l.password}`)]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  log.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
