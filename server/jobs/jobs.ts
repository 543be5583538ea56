// Every kind of job the app queues, and what runs them: the one list the API
// process (JOB_WORKERS=in-process) and `npm run worker` both start.
import type { Db } from '../db/client';
import type { Logger } from '../infra/logger';
import type { Mailer } from '../mail/mailer';
import { createNewsletterJobHandlers, newsletterConfirmationJob } from '../newsletter/newsletter-confirmation';
import { createEmailJobHandlers, dailyDigestJob, notificationEmailJob, weeklyDigestJob } from '../notifications/notification-jobs';
import type { Notifier } from '../notifications/notifier';
import type { UnsubscribeTokens } from '../notifications/unsubscribe-token';
import { createMatchingJobHandler, savedSearchMatchingJob } from '../saved-searches/matching';
import type { JobHandler, JobKind } from './job-queue';
import { createListingViewCleanupHandler, listingViewCleanupJob } from '../listing-numbers/listing-numbers.service';
import { createReceiptJobHandlers, paymentReceiptJob } from '../payments/payment-receipt';

export const JOB_KINDS: Array<JobKind<object>> = [notificationEmailJob, dailyDigestJob, weeklyDigestJob, savedSearchMatchingJob, newsletterConfirmationJob, listingViewCleanupJob, paymentReceiptJob];

export interface JobHandlerDeps {
  db: Db;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  notifier: Notifier;
  publicUrl: string;
  log: Logger;
}

export const createJobHandlers = (deps: JobHandlerDeps): JobHandler[] => [
  ...createEmailJobHandlers(deps),
  createMatchingJobHandler(deps),
  ...createNewsletterJobHandlers(deps),
  createListingViewCleanupHandler(deps),
  ...createReceiptJobHandlers(deps),
];
