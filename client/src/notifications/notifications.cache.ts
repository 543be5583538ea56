// What notification changes make stale in the Apollo cache (documents in notifications.graphql),
// and what a new notification says has changed elsewhere: each type names the
// queries showing the thing it is about, so any page showing them (Property
// Bought, the payment page, requested offers, a listing...) loads afresh the
// moment the bell hears of it, from the same live event.
import type { ApolloCache } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import { evictQuery } from '../app/cache-eviction';
import { MyListingNumbersDocument } from '../listing-numbers/listing-numbers.generated';
import { MyOffersDocument, MySalesDocument, OfferDocument, OffersOnMyPropertiesDocument } from '../offers/offers.generated';
import { AllPropertiesDocument, MyPropertiesDocument, PropertyDetailsDocument } from '../properties/properties.generated';
import { ModerationQueueDocument } from '../reports/reports.generated';
import { PropertyReviewsDocument } from '../reviews/reviews.generated';
import { AgentWeekDocument, MyViewingsListDocument, PropertyViewingsDocument } from '../viewings/viewings.generated';
import { MyWishlistDocument } from '../wishlist/wishlist.generated';
import { NotificationsDocument, UnreadNotificationCountDocument, type NotificationType } from './notifications.generated';

/** The bell's count, as the server last said it (live events carry it). */
export function setUnreadNotificationCount(cache: ApolloCache, unreadNotificationCount: number) {
  cache.writeQuery({ query: UnreadNotificationCountDocument, data: { unreadNotificationCount } });
}

/** A new notification arrived: the list loads afresh (its first page gains it). */
export function evictNotificationList(cache: ApolloCache) {
  evictQuery(cache, NotificationsDocument);
}

const buyersOffer = [MyOffersDocument, OfferDocument];
const listingState = [MyPropertiesDocument, PropertyDetailsDocument, AllPropertiesDocument];
/** A home on the buyer's wishlist changed: its page, the lists and the wishlist show its price and sale state. */
const savedHome = [PropertyDetailsDocument, AllPropertiesDocument, MyWishlistDocument];

/**
 * The queries each type of notification makes stale. Messages are left out:
 * conversations follow their own live events (messageEvents).
 */
export const STALE_AFTER: Record<NotificationType, DocumentNode[]> = {
  offer_received: [OffersOnMyPropertiesDocument, MyListingNumbersDocument],
  offer_accepted: buyersOffer,
  offer_rejected: buyersOffer,
  offer_outbid: buyersOffer,
  sold: [OffersOnMyPropertiesDocument, MySalesDocument, ...listingState],
  listing_verified: listingState,
  listing_rejected: listingState,
  listing_advertised: listingState,
  new_message: [],
  saved_search_match: [],
  role_changed: [],
  marked_fraud: [],
  new_review: [PropertyReviewsDocument],
  listing_pending: [AllPropertiesDocument],
  listing_reported: [ModerationQueueDocument],
  // The agent's week follows bookings live; the buyer's lists follow the agent's answers.
  viewing_update: [AgentWeekDocument, MyViewingsListDocument, PropertyViewingsDocument, MyListingNumbersDocument],
  open_house_scheduled: [AllPropertiesDocument, PropertyDetailsDocument],
  saved_home_price_cut: savedHome,
  saved_home_under_offer: savedHome,
  saved_home_sold: savedHome,
};

/** A notification of `type` arrived: what shows the thing it is about loads afresh (open pages at once). */
export function evictWhatNotificationChanged(cache: ApolloCache, type: NotificationType) {
  for (const query of STALE_AFTER[type]) evictQuery(cache, query);
  cache.gc();
}
