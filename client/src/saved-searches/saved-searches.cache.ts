// What saved-search changes make stale in the Apollo cache (documents in saved-searches.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { SavedSearchesDocument } from './saved-searches.generated';

/** A search was saved or deleted: the dashboard's list loads afresh. */
export function evictSavedSearches(cache: ApolloCache) {
  evictQuery(cache, SavedSearchesDocument);
}
