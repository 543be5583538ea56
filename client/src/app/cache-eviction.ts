// Cache eviction by document: each domain's *.cache.ts names the generated
// query documents whose answers a change makes stale, never field names as text.
import type { ApolloCache } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import { Kind, type DocumentNode } from 'graphql';

/**
 * Drops what `query` loaded (each root field it selects, for every argument
 * set), so a screen showing it loads afresh and others do so when next opened.
 */
export function evictQuery(cache: ApolloCache, query: DocumentNode) {
  for (const selection of getMainDefinition(query).selectionSet.selections) {
    if (selection.kind === Kind.FIELD) cache.evict({ id: 'ROOT_QUERY', fieldName: selection.name.value });
  }
}
