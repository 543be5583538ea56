// A listing's history: one append-only event per change that matters to a
// buyer, written by the service making the change, inside its transaction (so
// a rolled-back change leaves no event, and a committed one always has it).
// Nothing here updates or deletes an event.
import type { Prisma } from '../generated/prisma/client';
import type { ListingEventKind } from '../generated/prisma/client';

type Tx = Pick<Prisma.TransactionClient, 'listingEvent'>;

export interface PriceRange {
  priceMin: string;
  priceMax: string;
}

export function recordListingEvent(tx: Tx, propertyId: string, kind: ListingEventKind, data?: Prisma.InputJsonValue) {
  return tx.listingEvent.create({ data: { propertyId, kind, ...(data === undefined ? {} : { data }) } });
}

export const recordPriceChange = (tx: Tx, propertyId: string, before: PriceRange, after: PriceRange) =>
  recordListingEvent(tx, propertyId, 'price_changed', { before: { ...before }, after: { ...after } });

const DAY_MS = 86_400_000;

/**
 * Whole days the listing was on the market: from when it first went on
 * OpenNest (its creation or, for a listing re-added after its agent deleted the
 * same one (same agent, same location), that earlier listing's creation) until
 * it sold, or until now while it has not.
 */
export function daysOnOpenNest(createdAt: Date, events: Array<{ kind: ListingEventKind; data: Prisma.JsonValue; createdAt: Date }>, now = new Date()): number {
  const relisted = events.find((event) => event.kind === 'relisted');
  const earlier = relisted && typeof relisted.data === 'object' && relisted.data && !Array.isArray(relisted.data) ? (relisted.data as { previouslyListedAt?: string }).previouslyListedAt : undefined;
  const since = earlier ? new Date(earlier) : createdAt;
  const until = events.find((event) => event.kind === 'sold')?.createdAt ?? now;
  return Math.max(0, Math.floor((until.getTime() - since.getTime()) / DAY_MS));
}
