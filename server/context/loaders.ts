// Per-request batching: fields that point at other records (a property's agent,
// an offer's buyer...) load them in one query per kind, whatever the list size.
import DataLoader from 'dataloader';
import type { Db } from '../db/client';
import { PROPERTY_RECORD, readRecords, readRecordsByIds, selectRecord, USER_RECORD } from '../db/records';
import { Prisma } from '../generated/prisma/client';
import type { OpenHouse as OpenHouseRecord, Property as PropertyRecord, User as UserRecord, ViewingFeedback as ViewingFeedbackRecord } from '../generated/prisma/client';
import { listingsAsSeenBy, visibleToSql } from '../properties/listing-visibility';
import { placeSearch, type PlaceMatch } from '../properties/places';

export function createLoaders(db: Db, viewer: Pick<UserRecord, 'id' | 'role'> | null = null) {
  // Users and listings come through the driver (records.ts): most lists reach them through these two.
  const userById = new DataLoader<string, UserRecord | null>(async (ids) => byIds(ids, await readRecordsByIds(db, USER_RECORD, ids)));
  const propertyById = new DataLoader<string, PropertyRecord | null>(async (ids) => {
    const rows = await readRecordsByIds(db, PROPERTY_RECORD, ids);
    // The agents' roles come through userById: one batched query, which the agent fields read again for free.
    return byIds(ids, await listingsAsSeenBy(viewer, rows, async (agentId) => (await userById.load(agentId))?.role ?? null));
  });
  return {
    userById,
    /**
     * A listing reached through a relation (an offer's, a wishlist item's, a
     * conversation's, a review's, a report's, a notification's), as this
     * request's caller may see it (listing-visibility.ts): all of it, or, once
     * buyers can no longer see it, only its no-longer-listed view. Deleted
     * listings are found too: offers and reviews still name what they were about.
     */
    propertyById,
    /**
     * Listings this request's caller may open (listing-visibility.ts), or null:
     * the details page's property and its reviews share one read with the
     * visibility check inside it. What it finds primes propertyById.
     */
    visibleListingById: new DataLoader<string, PropertyRecord | null>(async (ids) => {
      const rows = await readRecords(
        db,
        PROPERTY_RECORD,
        Prisma.sql`SELECT ${selectRecord(PROPERTY_RECORD, 'p')} FROM properties p JOIN users a ON a.id = p.agent_id WHERE p.id = ANY(${[...ids]}::uuid[]) AND ${visibleToSql(viewer)}`,
      );
      for (const row of rows) propertyById.prime(row.id, row);
      return byIds(ids, rows);
    }),
    /**
     * The place a search text names (places.ts placeSearch), once per text: All
     * Properties asks for its page and its count in one request, each with the text.
     */
    placeNamedBy: new DataLoader<string, PlaceMatch | null>((texts) => Promise.all(texts.map((text) => placeSearch(db, text)))),
    /** Each listing's open houses not yet over, soonest first (cards of a whole page in one query; index open_houses(property_id, ends_at)). */
    openHousesByProperty: new DataLoader<string, OpenHouseRecord[]>(async (ids) => {
      const rows = await db.openHouse.findMany({ where: { propertyId: { in: [...ids] }, endsAt: { gt: new Date() } }, orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] });
      return ids.map((id) => rows.filter((row) => row.propertyId === id));
    }),
    /** A viewing's feedback, if the buyer left any (the week view's viewings in one query). */
    viewingFeedbackById: new DataLoader<string, ViewingFeedbackRecord | null>(async (ids) => {
      const rows = await db.viewingFeedback.findMany({ where: { viewingId: { in: [...ids] } } });
      return ids.map((id) => rows.find((row) => row.viewingId === id) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

function byIds<T extends { id: string }>(ids: readonly string[], rows: T[]): Array<T | null> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}
