// Starts whatever the configuration leaves to us: PostgreSQL when there is no
// DATABASE_URL, the Firebase Auth emulator when there is no real Firebase.
import path from 'node:path';
import type { AppConfig } from '../config';
import { startAuthEmulator } from './auth-emulator';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startMailServer } from './mail-server';
import type { Logger } from '../infra/logger';

export interface Infrastructure {
  databaseUrl: string;
  /** host:port for firebase-admin, when an emulator is used. */
  authEmulatorHost: string | null;
  /** URL the browser connects to, when an emulator is used. */
  authEmulatorUrl: string | null;
  /** SMTP_URL, or the embedded mail server's. */
  smtpUrl: string;
  /** The embedded mail server's web inbox; null with SMTP_URL. */
  mailInboxUrl: string | null;
  /** Seconds each embedded service took to start (they start side by side). */
  startSeconds: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Starts the embedded services the configuration asks for, side by side: they are
 * independent of each other, and one after the other their start-ups added up
 * (PostgreSQL's, the Auth emulator's Java, maildev's) to most of `npm start`.
 * If one fails, the ones that started are stopped again.
 */
export async function startInfrastructure(config: AppConfig, log: Logger): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error) => log.warn({ err: error }, 'shutdown step failed'));
  };
  const seconds: Record<string, number> = {};
  /** Starts one service, remembering how to stop it and how long it took. */
  async function timed<T extends { stop(): Promise<void> }>(name: string, start: () => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    const service = await start();
    stops.push(service.stop);
    seconds[name] = Math.round(performance.now() - startedAt) / 1000;
    return service;
  }

  const postgres = config.databaseUrl
    ? null
    : timed('postgres', () => startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'postgres', 'cluster'), database: 'opennest', persistent: true, log }));
  const emulator =
    config.firebase.mode === 'embedded-emulator'
      ? timed('authEmulator', () =>
          startAuthEmulator({
            projectId: config.firebase.projectId,
            workDir: path.join(config.dataDir, 'firebase'),
            persistDir: path.join(config.dataDir, 'firebase', 'export'),
            log,
          }),
        )
      : null;
  const mailConfig = config.mail;
  const mail =
    mailConfig.mode === 'embedded'
      ? timed('mail', () => startMailServer({ mailDirectory: path.join(config.dataDir, 'mail'), smtpPort: mailConfig.smtpPort, webPort: mailConfig.webPort, log }))
      : null;
  // Every start settles before anything is stopped, so none is left running behind a failure.
  const settled = await Promise.allSettled([postgres, emulator, mail]);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }

  const started = { postgres: await postgres, emulator: await emulator, mail: await mail };
  let authEmulatorHost: string | null = null;
  let authEmulatorUrl: string | null = null;
  if (started.emulator) {
    authEmulatorHost = started.emulator.host;
    authEmulatorUrl = started.emulator.url;
  } else if (config.firebase.mode === 'external-emulator') {
    authEmulatorHost = config.firebase.emulatorHost;
    authEmulatorUrl = config.firebase.emulatorPublicUrl;
  }
  return {
    databaseUrl: config.databaseUrl ?? started.postgres!.url,
    authEmulatorHost,
    authEmulatorUrl,
    smtpUrl: config.mail.mode === 'smtp' ? config.mail.url : started.mail!.smtpUrl,
    mailInboxUrl: started.mail ? started.mail.inboxUrl : null,
    startSeconds: seconds,
    stop,
  };
}
