// Reviews: buyers review verified properties; everyone signed in reads them;
// the home page shows the newest; authors and admins delete them.
import { reviewSchema } from '@opennest/common/validation/review';
import { requireSelfOrAdmin, requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { Prisma, type Review as ReviewRecord } from '../generated/prisma/client';
import { readRecords, REVIEW_RECORD, selectRecord } from '../db/records';
import { forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { decodeCursor, newestFirstAfter, newestFirstCursor, pageSize, toPage, type Page } from '../shared/pagination';
import { validateInput } from '../shared/validate';
import { findPublicListing, findVisibleListing, publicListing } from '../properties/listing-visibility';
import type { Loaders } from '../context/loaders';
import type { Notifier } from '../notifications/notifier';
import { reviewsAccess } from './reviews.access';

const newestFirst = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.ReviewOrderByWithRelationInput[];
/** Reviews of listings buyers can still see. */
const onVisibleListing = { property: publicListing } satisfies Prisma.ReviewWhereInput;

export function createReviewsService({ db, notifier }: { db: Db; notifier: Notifier }) {
  return {
    async add(caller: Caller, rawPropertyId: string, text: unknown): Promise<ReviewRecord> {
      const viewer = requireViewer(caller, reviewsAccess.addReview.roles);
      const property = await findPublicListing(db, rawPropertyId);
      const propertyId = property.id;
      const { reviewText } = await validateInput(reviewSchema, { reviewText: text });
      return db.$transaction(async (tx) => {
        const review = await tx.review.create({ data: { propertyId, userId: viewer.id, text: reviewText } });
        await notifier.notify(tx, {
          recipientId: property.agentId,
          type: 'new_review',
          subjectId: property.id,
          text: `${viewer.name} reviewed ${property.title}.`,
          dedupeKey: `review:${review.id}`,
        });
        return review;
      });
    },

    /** A listing's reviews, for whoever may open it; the visibility read is the one the details page's property field makes. */
    async listForProperty(caller: Caller, rawPropertyId: string, loaders: Pick<Loaders, 'visibleListingById'>): Promise<ReviewRecord[]> {
      requireViewer(caller);
      const property = await findVisibleListing(loaders, rawPropertyId);
      // Through the driver (records.ts): the details page asks for this on every visit.
      return readRecords(db, REVIEW_RECORD, Prisma.sql`SELECT ${selectRecord(REVIEW_RECORD, 'r')} FROM reviews r WHERE r.property_id = ${property.id}::uuid ORDER BY r.created_at DESC, r.id DESC`);
    },

    async latest(first?: number | null): Promise<ReviewRecord[]> {
      return db.review.findMany({ where: onVisibleListing, orderBy: newestFirst, take: pageSize(first, { fallback: 6, max: 24 }) });
    },

    async listMine(caller: Caller): Promise<ReviewRecord[]> {
      const viewer = requireViewer(caller, reviewsAccess.myReviews.roles);
      return db.review.findMany({ where: { userId: viewer.id }, orderBy: newestFirst });
    },

    /** The spec's GET /my-reviews/{email}: one's own, or anyone's for an admin. */
    async listByEmail(caller: Caller, email: string): Promise<ReviewRecord[]> {
      const normalized = requireSelfOrAdmin(caller, email, 'You can only see your own reviews.');
      return db.review.findMany({ where: { user: { email: normalized } }, orderBy: newestFirst });
    },

    async listAll(caller: Caller, { first, after }: { first?: number | null; after?: string | null }): Promise<Page<ReviewRecord>> {
      requireViewer(caller, reviewsAccess.allReviews.roles);
      const size = pageSize(first, { fallback: 24, max: 1000 });
      const where: Prisma.ReviewWhereInput = after ? newestFirstAfter(decodeCursor(after, 'NEWEST')) : {};
      const rows = await db.review.findMany({ where, orderBy: newestFirst, take: size + 1 });
      return toPage(rows, size, newestFirstCursor);
    },

    /** Authors delete their own reviews; admins delete any. */
    async remove(caller: Caller, id: string): Promise<string> {
      const viewer = requireViewer(caller);
      const review = await db.review.findUnique({ where: { id: parseId(id, 'review id') } });
      if (!review) throw notFound('Review not found.');
      if (review.userId !== viewer.id && viewer.role !== 'admin') throw forbidden('You can only delete your own reviews.');
      // Deleted twice at once: the second finds nothing to delete and answers NOT_FOUND.
      const { count } = await db.review.deleteMany({ where: { id: review.id } });
      if (!count) throw notFound('Review not found.');
      return review.id;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
