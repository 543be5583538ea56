import type { ApolloCache } from '@apollo/client';

/**
 * After a review is deleted: drops it from every cached list that held it (the
 * property's reviews, the author's list, the admin list) and the home page's
 * latest reviews, which load afresh. The caller runs cache.gc() when done.
 */
export function forgetReview(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Review', id }) });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'latestReviews' });
}
