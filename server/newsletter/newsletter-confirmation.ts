// Confirming a newsletter sign-up: each sign-up gets a random token that only
// its confirmation e-mail carries (the row keeps a SHA-256 hash, so a leaked
// table confirms nobody); the e-mail is sent by a job queued in the sign-up's
// transaction, so a sign-up that rolls back sends nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import type { Logger } from '../infra/logger';
import { jobHandler, jobKind, type JobHandler } from '../jobs/job-queue';
import { renderEmail } from '../mail/email-layout';
import { EMAIL_RETRIES, type Mailer } from '../mail/mailer';

/** An unconfirmed address gets another confirmation e-mail at most this often, however often it is submitted. */
export const CONFIRMATION_RESEND_MINUTES = 10;
/** A confirmation link works for this long after its e-mail was queued. */
export const CONFIRMATION_VALID_DAYS = 7;
/** Longer than any token we issue (43 characters); anything longer is refused unread. */
export const CONFIRMATION_TOKEN_MAX_LENGTH = 200;

export const newConfirmationToken = () => randomBytes(32).toString('base64url');
export const confirmationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const newsletterConfirmationJob = jobKind<{ subscriptionId: string; token: string }>({
  name: 'newsletter-confirmation',
  // The job's data holds the token until the job is deleted: a sent one goes at pg-boss's next maintenance.
  options: { ...EMAIL_RETRIES, deleteAfterSeconds: 60 },
});

export function createNewsletterJobHandlers({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string; log: Logger }): JobHandler[] {
  async function sendConfirmation({ subscriptionId, token }: { subscriptionId: string; token: string }) {
    const subscription = await db.newsletterSubscription.findUnique({ where: { id: subscriptionId } });
    // Confirmed meanwhile, or superseded by a newer e-mail's token: this one would only confuse.
    if (!subscription || subscription.confirmedAt || subscription.confirmationTokenHash !== confirmationTokenHash(token)) return;
    const email = renderEmail({
      subject: 'Confirm your newsletter subscription',
      greeting: 'Hello,',
      intro: 'Please confirm that you want the OpenNest newsletter at this address:',
      entries: [{ text: subscription.email, url: `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`, action: 'Confirm my subscription' }],
      reason: `Someone subscribed this address to the OpenNest newsletter. If it was not you, ignore this e-mail: without confirmation you get nothing more (the link works for ${CONFIRMATION_VALID_DAYS} days).`,
    });
    await mailer.send({ to: subscription.email, ...email });
  }
  return [jobHandler(newsletterConfirmationJob, sendConfirmation)];
}
