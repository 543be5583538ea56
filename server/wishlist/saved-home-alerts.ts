// Alerts on saved homes (issue 19): when a listing on buyers' wishlists has its
// price cut, goes under offer (an offer on it accepted) or sells, every buyer who
// wishlisted it hears of it, live (the notification's event) and by e-mail as
// their settings say (notification-types.ts: one type each).
//
// The service making the change records it in the listing's history and, in the
// same transaction, queues one job for that event (queueSavedHomeAlert): a
// rolled-back change queues nothing, and the fan-out to however many wishlists
// runs after the commit, not while the change holds the listing's locks. The
// job writes one notification per wishlister in one statement, keyed by the
// event's id (`saved-home:<event id>`), so a retried job or two workers running
// the same event notify each buyer once.
import { dollars, toCents } from '@opennest/common/money';
import type { Db } from '../db/client';
import type { ListingEvent, ListingEventKind, NotificationType, Prisma } from '../generated/prisma/client';
import { jobHandler, jobKind, type JobHandler, type JobQueue } from '../jobs/job-queue';
import { NOTIFICATION_TYPES } from '../notifications/notification-types';
import type { Notifier } from '../notifications/notifier';
import type { PriceRange } from '../properties/listing-history';

export const savedHomeAlertJob = jobKind<{ listingEventId: string }>({
  name: 'saved-home-alert',
  options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
});

/** A price change is a cut when neither bound rose and at least one fell (exact, in cents). */
export function isPriceCut({ before, after }: { before: PriceRange; after: PriceRange }): boolean {
  const [minBefore, maxBefore, minAfter, maxAfter] = [before.priceMin, before.priceMax, after.priceMin, after.priceMax].map(toCents);
  return minAfter <= minBefore && maxAfter <= maxBefore && (minAfter < minBefore || maxAfter < maxBefore);
}

const range = ({ priceMin, priceMax }: PriceRange) => (priceMin === priceMax ? dollars(priceMin) : `${dollars(priceMin)} – ${dollars(priceMax)}`);

/** The listing events buyers who saved the home hear of: their notification type and text. */
const ALERTS: Partial<Record<ListingEventKind, { type: NotificationType; text(title: string, data: Prisma.JsonValue): string }>> = {
  price_changed: {
    type: 'saved_home_price_cut',
    text: (title, data) => {
      const change = data as unknown as { before: PriceRange; after: PriceRange };
      return `Price cut on ${title} (on your wishlist): now ${range(change.after)}, was ${range(change.before)}.`;
    },
  },
  offer_accepted: { type: 'saved_home_under_offer', text: (title) => `${title} (on your wishlist) is now under offer: an offer on it was accepted.` },
  sold: { type: 'saved_home_sold', text: (title) => `${title} (on your wishlist) has sold.` },
};

/**
 * In the transaction that recorded `event`: queues the alert to the buyers who
 * saved the home, when the event is one they hear of (a price change only when
 * it is a cut).
 */
export async function queueSavedHomeAlert(tx: Prisma.TransactionClient, jobs: JobQueue, event: Pick<ListingEvent, 'id' | 'kind' | 'data'>): Promise<void> {
  if (!ALERTS[event.kind]) return;
  if (event.kind === 'price_changed' && !isPriceCut(event.data as unknown as { before: PriceRange; after: PriceRange })) return;
  await jobs.enqueue(tx, savedHomeAlertJob, [{ listingEventId: event.id }]);
}

/**
 * Every buyer who had saved the home when the event happened, but not the buyer
 * whose offer made it (they hear of their own offer), while buyers can see the
 * listing (verified, not deleted, agent not fraud). Index wishlist_items(property_id, created_at).
 */
const WISHLISTERS = `
  SELECT w.user_id AS recipient_id, $2::"NotificationType" AS type, w.property_id AS subject_id, $3::text AS text,
         'saved-home:' || $4::text AS dedupe_key, $5::"EmailDelivery" AS default_delivery, 'instant'::"EmailDelivery" AS at_most
  FROM wishlist_items w
  JOIN users u ON u.id = w.user_id AND u.role = 'user'
  JOIN properties p ON p.id = w.property_id AND p.status = 'verified' AND p.deleted_at IS NULL
  JOIN users a ON a.id = p.agent_id AND a.role <> 'fraud'
  WHERE w.property_id = $1::uuid AND w.created_at <= $6::timestamptz
    AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.property_id = w.property_id AND o.buyer_id = w.user_id AND o.status IN ('accepted', 'bought'))`;

/** Writes the alerts of listing event `listingEventId` in `tx`; returns how many buyers were told (0 when run again). */
export async function alertSavedHome(tx: Prisma.TransactionClient, notifier: Notifier, listingEventId: string): Promise<number> {
  const event = await tx.listingEvent.findUnique({ where: { id: listingEventId }, include: { property: { select: { title: true } } } });
  const alert = event && ALERTS[event.kind];
  if (!event || !alert) return 0;
  const values = [event.propertyId, alert.type, alert.text(event.property.title, event.data), event.id, NOTIFICATION_TYPES[alert.type].defaultDelivery, event.createdAt];
  return (await notifier.notifyFrom(tx, WISHLISTERS, values)).length;
}

export function createSavedHomeAlertHandler({ db, notifier }: { db: Db; notifier: Notifier }): JobHandler {
  return jobHandler(savedHomeAlertJob, async ({ listingEventId }) => {
    await db.$transaction((tx) => alertSavedHome(tx, notifier, listingEventId), { timeout: 120_000 });
  });
}
