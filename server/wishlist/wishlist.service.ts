// Wishlists: a buyer keeps verified properties to make offers on later.
import { requireSelfOrAdmin, requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import { Prisma, type User as UserRecord, type WishlistItem as WishlistItemRecord } from '../generated/prisma/client';
import { conflict, forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { newestFirstQuery, OWN_LIST_PAGES, type Page, type PageArgs } from '../shared/pagination';
import { publicListing } from '../properties/listing-visibility';
import { wishlistAccess } from './wishlist.access';

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
      const viewer = requireViewer(caller, wishlistAccess.addToWishlist.roles);
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

    /** The calling buyer's wishlist, a page at a time (index wishlist_items(user_id, created_at, id)). */
    async listMine(caller: Caller, args: PageArgs): Promise<Page<WishlistItemRecord>> {
      const viewer = requireViewer(caller, wishlistAccess.myWishlist.roles);
      const q = newestFirstQuery(args, OWN_LIST_PAGES);
      return q.page(await db.wishlistItem.findMany({ where: { userId: viewer.id, property: publicListing, ...q.where }, orderBy: q.orderBy, take: q.take }));
    },

    /** The calling buyer's item for one property, or null (whether the details page offers 'Add to Wishlist'). */
    async findForProperty(caller: Caller, rawPropertyId: string): Promise<WishlistItemRecord | null> {
      const viewer = requireViewer(caller, wishlistAccess.myWishlistItemFor.roles);
      const propertyId = parseId(rawPropertyId, 'property id');
      return db.wishlistItem.findUnique({ where: { userId_propertyId: { userId: viewer.id, propertyId } } });
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
      return ownItem(requireViewer(caller, wishlistAccess.wishlistItem.roles), id);
    },

    async remove(caller: Caller, id: string): Promise<string> {
      const item = await ownItem(requireViewer(caller, wishlistAccess.removeFromWishlist.roles), id);
      await db.wishlistItem.delete({ where: { id: item.id } });
      return item.id;
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
