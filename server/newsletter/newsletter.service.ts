import { newsletterSchema } from '@opennest/common/validation/newsletter';
import type { Db } from '../db/client';
import { badInput } from '../shared/errors';
import { EMAIL_MAX_LENGTH } from '../shared/ids';
import { validateInput } from '../shared/validate';

export function createNewsletterService({ db }: { db: Db }) {
  return {
    /** Anyone may subscribe; a repeated address changes nothing and is not an error. */
    async subscribe(rawEmail: unknown): Promise<{ email: string }> {
      const { email } = await validateInput(newsletterSchema, { email: rawEmail });
      // No address is longer; a huge one would not fit the unique index either (500).
      if (email.length > EMAIL_MAX_LENGTH) throw badInput('Invalid email address', { email: 'Invalid email address' });
      const normalized = email.toLowerCase();
      await db.newsletterSubscription.createMany({ data: [{ email: normalized }], skipDuplicates: true });
      return { email: normalized };
    },
  };
}
