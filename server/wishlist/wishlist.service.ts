// Wishlists: a buyer keeps verified properties to make offers on later.
import { requireSelfOrAdmin, requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { Prisma, type User as UserRecord, type WishlistItem as WishlistItemRecord } from '../generated/prisma/client';
import { conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { publicListing } from '../properties/listing-visibility';

export const ALREADY_IN_WISHLIST = 'Already in wishlist';

export function createWishlistService({ db }: { db: Db }) {
  async function ownItem(viewer: UserRecord, id: string): Promise<WishlistItemRecord> {
    const item = await db.wishlistItem.findUnique({ where: { id: parseId(id, 'wishlist item id') } });
    if (!item) throw notFound('Wishlist item not found.');
    if (item.userId !== viewer.id) throw forbidden('This wishlist item belongs to someone else.');
    return item;
  }

  return {
    async add(caller: Caller, rawPropertyId: string): Promise<WishlistItemRecord> {
      const viewer = requireViewer(caller, ['user']);
      const propertyId = parseId(rawPropertyId, 'property id');
      const property = await db.property.findFirst({ where: { id: propertyId, ...publicListing } });
      if (!property) throw notFound('Property not found.');
      try {
        return await db.wishlistItem.create({ data: { userId: viewer.id, propertyId } });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(ALREADY_IN_WISHLIST);
        throw error;
      }
    },

    async listMine(caller: Caller): Promise<WishlistItemRecord[]> {
      const viewer = requireViewer(caller, ['user']);
      return db.wishlistItem.findMany({
        where: { userId: viewer.id, property: publicListing },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
    },

    /** The spec's GET /wishlist?email=: one's own list, or anyone's for an admin. */
    async listByEmail(caller: Caller, email: string): Promise<WishlistItemRecord[]> {
      const normalized = requireSelfOrAdmin(caller, email, 'You can only see your own wishlist.');
      return db.wishlistItem.findMany({
        where: { user: { email: normalized }, property: publicListing },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
    },

    async get(caller: Caller, id: string): Promise<WishlistItemRecord> {
      return ownItem(requireViewer(caller, ['user']), id);
    },

    async remove(caller: Caller, id: string): Promise<string> {
      const item = await ownItem(requireViewer(caller, ['user']), id);
      await db.wishlistItem.delete({ where: { id: item.id } });
      return item.id;
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
