import { newsletterSchema } from '@opennest/common/validation/newsletter';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { badInput, notFound } from '../shared/errors';
import { EMAIL_MAX_LENGTH } from '../shared/ids';
import { validateInput } from '../shared/validate';
import {
  CONFIRMATION_RESEND_MINUTES,
  CONFIRMATION_TOKEN_MAX_LENGTH,
  CONFIRMATION_VALID_DAYS,
  confirmationTokenHash,
  newConfirmationToken,
  newsletterConfirmationJob,
} from './newsletter-confirmation';

const INVALID_LINK = 'This confirmation link is not valid (it may be old or mistyped). Subscribe again to get a new one.';

export function createNewsletterService({ db, jobs }: { db: Db; jobs: JobQueue }) {
  return {
    /**
     * Anyone may subscribe; a repeated address is not an error. A new address is
     * stored unconfirmed and sent a confirmation link; an unconfirmed one is sent
     * a fresh link at most every CONFIRMATION_RESEND_MINUTES; a confirmed one is left alone.
     */
    async subscribe(rawEmail: unknown): Promise<{ email: string }> {
      const { email } = await validateInput(newsletterSchema, { email: rawEmail });
      // No address is longer; a huge one would not fit the unique index either (500).
      if (email.length > EMAIL_MAX_LENGTH) throw badInput('Invalid email address', { email: 'Invalid email address' });
      const normalized = email.toLowerCase();
      const token = newConfirmationToken();
      await db.$transaction(async (tx) => {
        // One statement, so two sign-ups of the same address at once send one e-mail.
        const sendTo = await tx.$queryRaw<Array<{ id: string }>>`
          INSERT INTO newsletter_subscriptions (id, email, confirmation_token_hash, confirmation_sent_at)
          VALUES (gen_random_uuid(), ${normalized}, ${confirmationTokenHash(token)}, now())
          ON CONFLICT (email) DO UPDATE
            SET confirmation_token_hash = EXCLUDED.confirmation_token_hash, confirmation_sent_at = EXCLUDED.confirmation_sent_at
            WHERE newsletter_subscriptions.confirmed_at IS NULL
              AND (newsletter_subscriptions.confirmation_sent_at IS NULL
                OR newsletter_subscriptions.confirmation_sent_at < now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES}))
          RETURNING id::text AS id`;
        await jobs.enqueue(tx, newsletterConfirmationJob, sendTo.map(({ id }) => ({ subscriptionId: id, token })));
      });
      return { email: normalized };
    },

    /** The e-mailed link's token confirms its sign-up (no sign-in); following it again is harmless. */
    async confirm(token: string): Promise<{ email: string }> {
      if (!token.trim() || token.length > CONFIRMATION_TOKEN_MAX_LENGTH) throw badInput(INVALID_LINK, { token: INVALID_LINK });
      const subscription = await db.newsletterSubscription.findUnique({ where: { confirmationTokenHash: confirmationTokenHash(token) } });
      if (!subscription) throw notFound(INVALID_LINK);
      if (subscription.confirmedAt) return { email: subscription.email };
      const validSince = new Date(Date.now() - CONFIRMATION_VALID_DAYS * 24 * 60 * 60 * 1000);
      const { count } = await db.newsletterSubscription.updateMany({
        where: { id: subscription.id, confirmedAt: null, confirmationSentAt: { gte: validSince } },
        data: { confirmedAt: new Date() },
      });
      if (!count) {
        // Confirmed by a concurrent follow of the same link (a double click, a mail app's second fetch): harmless too.
        const now = await db.newsletterSubscription.findUnique({ where: { id: subscription.id } });
        if (!now?.confirmedAt) throw notFound(INVALID_LINK);
      }
      return { email: subscription.email };
    },
  };
}
