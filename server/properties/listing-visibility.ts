// Which listings whom may see, in one place for every domain that lists or
// acts on properties (properties, wishlist, offers, reviews).
import type { Prisma, Property as PropertyRecord, Role, User as UserRecord } from '../generated/prisma/client';

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
