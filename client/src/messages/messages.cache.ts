// What message changes make stale in the Apollo cache (documents in messages.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { ConversationsDocument, UnreadMessageCountDocument } from './messages.generated';

/** A message was sent or read somewhere: the inbox (order, previews, unread counts) loads afresh. */
export function evictInbox(cache: ApolloCache) {
  evictQuery(cache, ConversationsDocument);
  evictQuery(cache, UnreadMessageCountDocument);
}
