import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';

export const wishlistResolvers: Resolvers = {
  Query: {
    myWishlist: (_parent, args, { caller, services }) => services.wishlist.listMine(caller, args),
    myWishlistItemFor: (_parent, { propertyId }, { caller, services }) => services.wishlist.findForProperty(caller, propertyId),
    wishlistItem: (_parent, { id }, { caller, services }) => services.wishlist.get(caller, id),
  },
  Mutation: {
    addToWishlist: (_parent, { propertyId }, { caller, services }) => services.wishlist.add(caller, propertyId),
    removeFromWishlist: (_parent, { id }, { caller, services }) => services.wishlist.remove(caller, id),
  },
  WishlistItem: {
    property: (item, _args, { loaders }) => loadRequired(loaders.propertyById, item.propertyId, 'property'),
  },
};
