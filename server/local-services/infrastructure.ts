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
  stop(): Promise<void>;
}

export async function startInfrastructure(config: AppConfig, log: Logger): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error) => log.warn({ err: error }, 'shutdown step failed'));
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const postgres = await startEmbeddedPostgres({
        clusterDir: path.join(config.dataDir, 'postgres', 'cluster'),
        database: 'opennest',
        persistent: true,
        log,
      });
      stops.push(postgres.stop);
      databaseUrl = postgres.url;
    }

    let authEmulatorHost: string | null = null;
    let authEmulatorUrl: string | null = null;
    if (config.firebase.mode === 'embedded-emulator') {
      const emulator = await startAuthEmulator({
        projectId: config.firebase.projectId,
        workDir: path.join(config.dataDir, 'firebase'),
        persistDir: path.join(config.dataDir, 'firebase', 'export'),
        log,
      });
      stops.push(emulator.stop);
      authEmulatorHost = emulator.host;
      authEmulatorUrl = emulator.url;
    } else if (config.firebase.mode === 'external-emulator') {
      authEmulatorHost = config.firebase.emulatorHost;
      authEmulatorUrl = config.firebase.emulatorPublicUrl;
    }

    let smtpUrl: string;
    let mailInboxUrl: string | null = null;
    if (config.mail.mode === 'embedded') {
      const mail = await startMailServer({ mailDirectory: path.join(config.dataDir, 'mail'), smtpPort: config.mail.smtpPort, webPort: config.mail.webPort, log });
      stops.push(mail.stop);
      smtpUrl = mail.smtpUrl;
      mailInboxUrl = mail.inboxUrl;
    } else {
      smtpUrl = config.mail.url;
    }
    return { databaseUrl, authEmulatorHost, authEmulatorUrl, smtpUrl, mailInboxUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
