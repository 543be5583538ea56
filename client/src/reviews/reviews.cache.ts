// What review changes make stale in the Apollo cache (documents in reviews.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { AllReviewsDocument, LatestReviewsDocument, MyReviewsDocument, PropertyReviewsDocument } from './reviews.generated';

/**
 * After a review is deleted: drops it from every cached list that held it (the
 * property's reviews, the author's list, the admin list) and the home page's
 * latest reviews, which load afresh. The caller runs cache.gc() when done.
 */
export function forgetReview(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Review', id }) });
  evictQuery(cache, LatestReviewsDocument);
}

/** After a review is added: the lists it joins elsewhere (the home page's latest, the author's own) load afresh next time. */
export function evictListsGainingReview(cache: ApolloCache) {
  evictQuery(cache, LatestReviewsDocument);
  evictQuery(cache, MyReviewsDocument);
}

/** After an account's reviews were removed (account deleted or marked fraud): every list of reviews loads afresh. */
export function evictReviewLists(cache: ApolloCache) {
  for (const query of [LatestReviewsDocument, MyReviewsDocument, AllReviewsDocument, PropertyReviewsDocument]) evictQuery(cache, query);
}
