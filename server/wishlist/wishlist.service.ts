// Wishlists: a buyer keeps verified properties to make offers on later.
import { requireSelfOrAdmin, requireViewer, type Caller } from '../context/caller';
import type { Db } from '../db/client';
import type { User as UserRecord, WishlistItem as WishlistItemRecord } from '../generated/prisma/client';
import { forbidden, notFound } from '../shared/errors';
import { parseId } from '../shared/ids';
import { newestFirstQuery, OWN_LIST_PAGES, type Page, type PageArgs } from '../shared/pagination';
import { publicListing } from '../properties/listing-visibility';
import { wishlistAccess } from './wishlist.access';

const WISHLIST_ITEM_NOT_FOUND = 'Wishlist item not found.';

export function createWishlistService({ db }: { db: Db }) {
  async function ownItem(viewer: UserRecord, id: string): Promise<WishlistItemRecord> {
    const item = await db.wishlistItem.findUnique({ where: { id: parseId(id, 'wishlist item id') } });
    if (!item) throw notFound(WISHLIST_ITEM_NOT_FOUND);
    if (item.userId !== viewer.id) throw forbidden('This wishlist item belongs to someone else.');
    return item;
  }

  return {
    async add(caller: Caller, rawPropertyId: string): Promise<WishlistItemRecord> {
      const viewer = requireViewer(caller, wishlistAccess.addToWishlist.roles);
      const propertyId = parseId(rawPropertyId, 'property id');
      const property = await db.property.findFirst({ where: { id: propertyId, ...publicListing } });
      if (!property) throw notFound('Property not found.');
      // The second add, even at the same moment, is refused by the unique index:
      // CONFLICT 'Already in wishlist' (db/constraint-meanings.ts).
      return db.wishlistItem.create({ data: { userId: viewer.id, propertyId } });
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
      // Removed twice at once: the second finds nothing to delete and answers NOT_FOUND.
      const { count } = await db.wishlistItem.deleteMany({ where: { id: item.id } });
      if (!count) throw notFound(WISHLIST_ITEM_NOT_FOUND);
      return item.id;
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
