// `npm start`: the whole product on one origin, with embedded parts for
// anything not configured (see README).
import type { Server } from 'node:http';
import { seedDemoData, type DemoLogin } from '../prisma/seed';
import { createApp } from './app';
import { createFirebaseIdentityProvider } from './auth/identity-provider';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { applyMigrations } from './db/migrate';
import { startInfrastructure } from './infra/infrastructure';
import { createLogger } from './infra/logger';
import { startPayments } from './payments/payments-runtime';
import { createLocalImageStorage } from './uploads/image-storage';
import path from 'node:path';

const config = loadConfig();
const log = createLogger(config.logLevel);

async function main() {
  const infrastructure = await startInfrastructure(config, log);
  const applied = await applyMigrations(infrastructure.databaseUrl, log);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const db = createDb(infrastructure.databaseUrl);
  const identity = createFirebaseIdentityProvider(config.firebase, infrastructure.authEmulatorHost ?? undefined);
  const storage = createLocalImageStorage(config.uploadDir);
  const demoLogins = config.seedDemo ? await seedDemoData({ db, identity, storage, log }) : [];
  const payments = await startPayments(config.payments, { stateFile: path.join(config.dataDir, 'payments', 'local-stripe.json'), log });

  const { app, stop: stopApp } = await createApp({
    config,
    db,
    identity,
    storage,
    log,
    authEmulatorUrl: infrastructure.authEmulatorUrl,
    payments: payments.provider,
    paymentsBrowser: payments.browser,
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  payments.attachApp(`http://127.0.0.1:${config.port}`, [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`]);
  printBanner(`http://localhost:${config.port}`, demoLogins, infrastructure.authEmulatorUrl, payments.browser.provider === 'local' ? payments.browser.apiUrl : null, secondsSinceStart());

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close();
    server.closeAllConnections();
    await stopApp().catch(() => undefined);
    await payments.stop().catch(() => undefined);
    await db.$disconnect().catch(() => undefined);
    await identity.close().catch(() => undefined);
    await infrastructure.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Since `npm start` began (start.ts passes its start time on), else since this process began. */
function secondsSinceStart(): number {
  const startedAt = Number(process.env.OPENNEST_START_TIME) || performance.timeOrigin;
  return (Date.now() - startedAt) / 1000;
}

function printBanner(url: string, logins: DemoLogin[], authEmulatorUrl: string | null, localPaymentsUrl: string | null, readySeconds: number) {
  const lines = [
    '',
    `  OpenNest is running on ${url} (ready ${readySeconds.toFixed(1)} s after start)`,
    `    GraphQL     ${url}/graphql   (explorer: ${url}/sandbox)`,
    `    REST        ${url}/api`,
    ...(authEmulatorUrl ? [`    Auth        Firebase Auth emulator at ${authEmulatorUrl}`] : []),
    ...(localPaymentsUrl ? [`    Payments    local Stripe-compatible server at ${localPaymentsUrl} (card 4242 4242 4242 4242 succeeds)`] : []),
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
