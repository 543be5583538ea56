// Every kind of job the app queues, and what runs them, from the domains
// (domains.ts): the one list the API process (JOB_WORKERS=in-process) and
// `npm run worker` both start.
import type { Db } from '../db/client';
import { DOMAINS } from '../domains';
import type { Logger } from '../infra/logger';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { UnsubscribeTokens } from '../notifications/unsubscribe-token';
import type { JobHandler, JobKind } from './job-queue';

export const JOB_KINDS: Array<JobKind<object>> = DOMAINS.flatMap(({ jobs }) => jobs?.kinds ?? []);

/** What job handlers get, in the processes that work jobs. */
export interface JobHandlerDeps {
  db: Db;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  notifier: Notifier;
  publicUrl: string;
  log: Logger;
}

export const createJobHandlers = (deps: JobHandlerDeps): JobHandler[] => DOMAINS.flatMap(({ jobs }) => jobs?.handlers(deps) ?? []);
