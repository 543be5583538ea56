import { newsletterSchema } from '../../client/src/shared/validation/newsletter';
import type { Db } from '../db/client';
import { validateInput } from '../shared/validate';

export function createNewsletterService({ db }: { db: Db }) {
  return {
    /** Anyone may subscribe; a repeated address changes nothing and is not an error. */
    async subscribe(rawEmail: unknown): Promise<{ email: string }> {
      const { email } = await validateInput(newsletterSchema, { email: rawEmail });
      const normalized = email.toLowerCase();
      await db.newsletterSubscription.createMany({ data: [{ email: normalized }], skipDuplicates: true });
      return { email: normalized };
    },
  };
}
