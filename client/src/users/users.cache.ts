// What account changes make stale in the Apollo cache (documents in users.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { MyProfileFiguresDocument } from './users.generated';

/** The profile page's figures (counts by role and status) load afresh next time. */
export function evictProfileFigures(cache: ApolloCache) {
  evictQuery(cache, MyProfileFiguresDocument);
}

/** After an account is deleted: every cached list drops it. The caller runs cache.gc(). */
export function forgetUser(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'User', id }) });
}
