// Who may call each operation of buyers' wishlists (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth } from '../context/access';

export const wishlistAccess = accessTable({
  // GraphQL root fields (wishlist.graphql); also the REST routes of the same operationId: addToWishlist, removeFromWishlist
  myWishlist: auth('user'),
  myWishlistItemFor: auth('user'),
  wishlistItem: auth('user'),
  addToWishlist: auth('user'),
  removeFromWishlist: auth('user'),
  // REST operationIds only (wishlist.routes.ts)
  listWishlist: auth(),
  getWishlistItem: auth('user'),
});
