// Wishlist changes in the Apollo cache (documents in wishlist.graphql).
import type { ApolloCache } from '@apollo/client';
import { MyWishlistDocument, MyWishlistItemForDocument, type WishlistItemFieldsFragment } from './wishlist.generated';

/**
 * A newly added item goes first in the cached wishlist's loaded pages (when it
 * is cached at all), and its property's details page knows it is wishlisted.
 */
export function prependToWishlist(cache: ApolloCache, item: WishlistItemFieldsFragment) {
  cache.updateQuery({ query: MyWishlistDocument }, (data) => (data ? { myWishlist: { ...data.myWishlist, nodes: [item, ...data.myWishlist.nodes] } } : data));
  cache.writeQuery({ query: MyWishlistItemForDocument, variables: { propertyId: item.property.id }, data: { myWishlistItemFor: item } });
}

/** After an item is removed: the cached wishlist drops it. */
export function forgetWishlistItem(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'WishlistItem', id }) });
  cache.gc();
}
