// What notification changes make stale in the Apollo cache (documents in notifications.graphql).
import type { ApolloCache } from '@apollo/client';
import { evictQuery } from '../app/cache-eviction';
import { NotificationsDocument, UnreadNotificationCountDocument } from './notifications.generated';

/** The bell's count, as the server last said it (live events carry it). */
export function setUnreadNotificationCount(cache: ApolloCache, unreadNotificationCount: number) {
  cache.writeQuery({ query: UnreadNotificationCountDocument, data: { unreadNotificationCount } });
}

/** A new notification arrived: the list loads afresh (its first page gains it). */
export function evictNotificationList(cache: ApolloCache) {
  evictQuery(cache, NotificationsDocument);
}
