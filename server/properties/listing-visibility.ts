// Which listings whom may see, in one place for every domain that lists or
// acts on properties (properties, wishlist, offers, reviews).
import type { Db } from '../db/client';
import type { Prisma, Property as PropertyRecord, Role, User as UserRecord } from '../generated/prisma/client';
import { notFound } from '../shared/errors';
import { parseId } from '../shared/ids';

/** Listings nobody deleted. */
export const liveListing = { deletedAt: null } satisfies Prisma.PropertyWhereInput;

/**
 * What buyers see: verified, not deleted, and not listed by an agent marked as
 * fraud. A fraud agent's listings are hidden rather than deleted, so their
 * offers and history stay available for disputes; the role cannot be undone.
 */
export const publicListing = {
  status: 'verified',
  deletedAt: null,
  agent: { role: { not: 'fraud' } },
} satisfies Prisma.PropertyWhereInput;

/** Everything public, plus what the viewer owns (agents) or oversees (admins). */
export function canSee(viewer: Pick<UserRecord, 'id' | 'role'>, property: PropertyRecord, agentRole: Role): boolean {
  if (viewer.role === 'admin' || property.agentId === viewer.id) return true;
  return property.status === 'verified' && agentRole !== 'fraud';
}

/** A listing buyers can see, by an id from the caller; NOT_FOUND otherwise (an invisible listing looks like a missing one). */
export async function findPublicListing(db: Pick<Db, 'property'>, rawId: string): Promise<PropertyRecord> {
  const property = await db.property.findFirst({ where: { id: parseId(rawId, 'property id'), ...publicListing } });
  if (!property) throw notFound('Property not found.');
  return property;
}
