// The events and jobs of one process, what every app process shares besides
// HTTP: the live event bus (one LISTEN connection), the job queue (and, where
// they run, its workers with the mailer), the notifier and the unsubscribe-link
// signer. `npm start`, `npm run worker` and the test harnesses all start it
// here, with options from one builder (eventsAndJobsOptions).
import type { AppConfig } from './config';
import { createDb } from './db/client';
import { createEventBus, type EventBus } from './events/event-bus';
import type { Logger } from './infra/logger';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createJobHandlers, JOB_KINDS } from './jobs/jobs';
import { createMailer } from './mail/mailer';
import { createNotifier, type Notifier } from './notifications/notifier';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './notifications/unsubscribe-token';

export interface EventsAndJobsOptions {
  databaseUrl: string;
  log: Logger;
  /** Work jobs in this process (e-mail, digests, matching). */
  runWorkers: boolean;
  /** Where e-mail goes (needed only with runWorkers). */
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  unsubscribeSecret: string;
  /** Idle workers look for jobs this often (seconds); queued jobs also wake them through the event bus. */
  pollingIntervalSeconds?: number;
  /** WEBHOOK_ALLOWED_HOSTS (webhook deliveries' target check). */
  webhookAllowedHosts: readonly string[];
}

export interface EventsAndJobs {
  events: EventBus;
  jobs: JobQueue;
  notifier: Notifier;
  tokens: UnsubscribeTokens;
  stop(): Promise<void>;
}

/** What a process knows only once it runs: where the database and the mail service are, and the shared key. */
export type EventsAndJobsPlace = Pick<EventsAndJobsOptions, 'databaseUrl' | 'log' | 'smtpUrl' | 'unsubscribeSecret' | 'pollingIntervalSeconds'>;

/** The options, the configured parts from the configuration: the one place they are spelled out. */
export const eventsAndJobsOptions = (config: Pick<AppConfig, 'jobWorkers' | 'mailFrom' | 'publicUrl' | 'webhookAllowedHosts'>, place: EventsAndJobsPlace): EventsAndJobsOptions => ({
  ...place,
  webhookAllowedHosts: config.webhookAllowedHosts,
  runWorkers: config.jobWorkers,
  mailFrom: config.mailFrom,
  publicUrl: config.publicUrl,
});

export async function startEventsAndJobs({ databaseUrl, log, runWorkers, smtpUrl, mailFrom, publicUrl, unsubscribeSecret, pollingIntervalSeconds, webhookAllowedHosts }: EventsAndJobsOptions): Promise<EventsAndJobs> {
  const events = await createEventBus({ databaseUrl, log });
  const jobs = createJobQueue({ databaseUrl, log, runWorkers, events, pollingIntervalSeconds });
  const tokens = createUnsubscribeTokens(unsubscribeSecret);
  const notifier = createNotifier({ jobs });
  if (runWorkers && !smtpUrl) throw new Error('Job workers need an SMTP server: set SMTP_URL.');
  const mailer = runWorkers && smtpUrl ? createMailer({ smtpUrl, from: mailFrom }) : null;
  // Workers get their own small pool, so jobs never wait for (or hold up) web requests' connections.
  const workerDb = mailer ? createDb(databaseUrl, { maxConnections: 3 }) : null;
  try {
    await jobs.start(JOB_KINDS, mailer && workerDb ? createJobHandlers({ db: workerDb, mailer, tokens, notifier, publicUrl, log, webhookAllowedHosts }) : []);
  } catch (error) {
    await workerDb?.$disconnect();
    await events.close();
    throw error;
  }
  return {
    events,
    jobs,
    notifier,
    tokens,
    async stop() {
      await jobs.stop();
      mailer?.close();
      await workerDb?.$disconnect();
      await events.close();
    },
  };
}
