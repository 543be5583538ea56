// Which listings whom may see, in one place for every domain that lists or
// acts on properties (properties, wishlist, offers, reviews).
import type { Db } from '../db/client';
import type { Loaders } from '../context/loaders';
import type { Prisma, Property as PropertyRecord, User as UserRecord } from '../generated/prisma/client';
import { notFound } from '../shared/errors';
import { parseId } from '../shared/ids';

/** Listings nobody deleted. */
export const liveListing = { deletedAt: null } satisfies Prisma.PropertyWhereInput;

/**
 * What buyers see: verified, not deleted, and not listed by an agent marked as
 * fraud. A fraud agent's listings are hidden rather than deleted, so their
 * offers and history stay available for disputes; the role cannot be undone.
 * The All Properties list says the same in SQL (verified-listings-sql.ts).
 */
export const publicListing = {
  status: 'verified',
  deletedAt: null,
  agent: { role: { not: 'fraud' } },
} satisfies Prisma.PropertyWhereInput;

/**
 * Live listings the viewer may open: everything public, plus what the viewer
 * owns (agents) or oversees (admins). One condition, so the check is part of
 * the query that reads the listing (the agent's role comes by a join).
 */
export function visibleTo(viewer: Pick<UserRecord, 'id' | 'role'> | null): Prisma.PropertyWhereInput {
  if (!viewer) return publicListing;
  if (viewer.role === 'admin') return liveListing;
  return { ...liveListing, OR: [{ agentId: viewer.id }, publicListing] };
}

export const PROPERTY_NOT_FOUND = 'Property not found.';

/**
 * A listing the caller may open (details page, its reviews), read once per
 * request whichever fields ask for it; NOT_FOUND otherwise (an invisible
 * listing looks exactly like a missing one).
 */
export async function findVisibleListing(loaders: Pick<Loaders, 'visibleListingById'>, rawId: string): Promise<PropertyRecord> {
  const property = await loaders.visibleListingById.load(parseId(rawId, 'property id'));
  if (!property) throw notFound(PROPERTY_NOT_FOUND);
  return property;
}

/** A listing buyers can see, by an id from the caller; NOT_FOUND otherwise (an invisible listing looks like a missing one). */
export async function findPublicListing(db: Pick<Db, 'property'>, rawId: string): Promise<PropertyRecord> {
  const property = await db.property.findFirst({ where: { id: parseId(rawId, 'property id'), ...publicListing } });
  if (!property) throw notFound('Property not found.');
  return property;
}
