// Wishlist changes in the Apollo cache (documents in wishlist.graphql).
import type { ApolloCache } from '@apollo/client';
import { MyWishlistDocument, type WishlistItemFieldsFragment } from './wishlist.generated';

/** A newly added item goes first in the cached wishlist (when it is cached at all). */
export function prependToWishlist(cache: ApolloCache, item: WishlistItemFieldsFragment) {
  cache.updateQuery({ query: MyWishlistDocument }, (data) => (data ? { myWishlist: [item, ...data.myWishlist] } : data));
}

/** After an item is removed: the cached wishlist drops it. */
export function forgetWishlistItem(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'WishlistItem', id }) });
  cache.gc();
}
