// What offer changes make stale in the Apollo cache (documents in offers.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { MyOffersDocument } from './offers.generated';

/** After an offer is made: it belongs at the top of the buyer's Property Bought page, which loads afresh. */
export function evictMyOffers(cache: ApolloCache) {
  evictQuery(cache, MyOffersDocument);
}
