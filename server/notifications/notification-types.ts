// Every kind of notification in one table: who can receive it (its settings
// row shows for those roles), how it goes out by e-mail unless the user says
// otherwise, what the settings page and the unsubscribe link call it, where it
// links (the client's route for the very thing it is about, not a list), and
// what that thing is, so that acting on it marks it read (notifier.markActedOn).
import type { EmailDelivery, NotificationType, Role } from '../generated/prisma/client';

/**
 * What a notification's subject id names, as the services that act on it say:
 * an offer, a conversation, a listing; a listing awaiting an admin's decision
 * or one with open reports; a user's account.
 */
export type NotificationThing = 'offer' | 'conversation' | 'listing' | 'pending-listing' | 'reported-listing' | 'account' | 'viewing';

export interface NotificationTypeInfo {
  /** The settings row and the unsubscribe page: "e-mails about <about>". */
  about: string;
  /** Roles that can receive it (settings show these types). */
  roles: Role[];
  defaultDelivery: EmailDelivery;
  /** What its subject id names: acting on that thing marks the notification read. */
  thing: NotificationThing;
  /** The client route of the thing it is about, for a recipient of `role` (a viewing opens the agent's week or the buyer's list). */
  link(subjectId: string, role: Role): string;
  /** The e-mail subject when it goes out alone. */
  subject: string;
  /** The e-mail subject is the notification's own text (each says what changed: a viewing's step). */
  subjectIsText?: true;
  /** The link's words in e-mails. */
  action: string;
}

const details = (id: string) => `/propertyDetails/${id}`;
/** A list page opened at one of its items (the page scrolls to it and marks it). */
const at = (list: string) => (id: string) => `/dash-board/${list}?item=${encodeURIComponent(id)}`;

export const NOTIFICATION_TYPES: Record<NotificationType, NotificationTypeInfo> = {
  offer_received: { about: 'new offers on your listings', roles: ['agent'], defaultDelivery: 'instant', thing: 'offer', link: at('requested-properties'), subject: 'A new offer', action: 'See the offer' },
  offer_accepted: { about: 'your offers being accepted', roles: ['user'], defaultDelivery: 'instant', thing: 'offer', link: (id) => `/dash-board/payment/${id}`, subject: 'Your offer was accepted', action: 'Pay for the property' },
  offer_rejected: { about: 'your offers being rejected', roles: ['user'], defaultDelivery: 'instant', thing: 'offer', link: at('property-bought'), subject: 'Your offer was rejected', action: 'See your offer' },
  offer_outbid: { about: 'another offer being accepted on a property you offered on', roles: ['user'], defaultDelivery: 'instant', thing: 'offer', link: at('property-bought'), subject: 'Another offer was accepted', action: 'See your offer' },
  sold: { about: 'your properties being paid for', roles: ['agent'], defaultDelivery: 'instant', thing: 'offer', link: at('my-sold-properties'), subject: 'A property of yours was paid for', action: 'See the sale' },
  listing_verified: { about: 'your listings being verified', roles: ['agent'], defaultDelivery: 'instant', thing: 'listing', link: details, subject: 'Your listing was verified', action: 'See the listing' },
  listing_rejected: { about: 'your listings being rejected', roles: ['agent'], defaultDelivery: 'instant', thing: 'listing', link: details, subject: 'Your listing was rejected', action: 'See the listing' },
  listing_advertised: { about: 'your listings being advertised', roles: ['agent'], defaultDelivery: 'daily', thing: 'listing', link: details, subject: 'Your listing is advertised', action: 'See the listing' },
  new_message: { about: 'new messages', roles: ['user', 'agent'], defaultDelivery: 'instant', thing: 'conversation', link: (id) => `/dash-board/messages/${id}`, subject: 'A new message', action: 'Read and reply' },
  saved_search_match: { about: 'new listings matching your saved searches', roles: ['user'], defaultDelivery: 'instant', thing: 'listing', link: details, subject: 'A new listing matches your saved search', action: 'See the listing' },
  role_changed: { about: 'changes to your role', roles: ['user', 'agent', 'admin'], defaultDelivery: 'instant', thing: 'account', link: () => '/dash-board', subject: 'Your role changed', action: 'Open your dashboard' },
  marked_fraud: { about: 'your account being marked as fraud', roles: [], defaultDelivery: 'instant', thing: 'account', link: () => '/dash-board', subject: 'Your account was marked as fraud', action: 'Open your dashboard' },
  new_review: { about: 'new reviews of your listings', roles: ['agent'], defaultDelivery: 'daily', thing: 'listing', link: details, subject: 'A new review of your listing', action: 'Read the review' },
  // Admins: work waiting. The details page of a pending listing has Verify and Reject for an admin.
  listing_pending: { about: 'new listings waiting for verification', roles: ['admin'], defaultDelivery: 'daily', thing: 'pending-listing', link: details, subject: 'A new listing waits for verification', action: 'Review the listing' },
  listing_reported: { about: 'listings being reported', roles: ['admin'], defaultDelivery: 'instant', thing: 'reported-listing', link: at('moderation'), subject: 'A listing was reported', action: 'Open the report' },
  // Viewings (issue 20): every step, the reminders and the feedback, one setting; the e-mails carry the calendar invite.
  viewing_update: {
    about: 'your viewings: bookings, changes, reminders and feedback (with calendar invites)',
    roles: ['user', 'agent'],
    defaultDelivery: 'instant',
    thing: 'viewing',
    link: (id, role) => (role === 'agent' ? at('viewings')(id) : at('my-viewings')(id)),
    subject: 'Your viewing',
    subjectIsText: true,
    action: 'See the viewing',
  },
  open_house_scheduled: { about: 'open houses of homes on your wishlist', roles: ['user'], defaultDelivery: 'instant', thing: 'listing', link: details, subject: 'An open house of a home on your wishlist', action: 'See the home' },
  // Alerts on saved homes (issue 19, wishlist/saved-home-alerts.ts): a chance to act is worth an e-mail at once; a sale is news for the digest.
  saved_home_price_cut: { about: 'price cuts on homes on your wishlist', roles: ['user'], defaultDelivery: 'instant', thing: 'listing', link: details, subject: 'A home on your wishlist costs less', action: 'See the home' },
  saved_home_under_offer: { about: 'homes on your wishlist going under offer', roles: ['user'], defaultDelivery: 'instant', thing: 'listing', link: details, subject: 'A home on your wishlist is under offer', action: 'See the home' },
  saved_home_sold: { about: 'homes on your wishlist being sold', roles: ['user'], defaultDelivery: 'daily', thing: 'listing', link: details, subject: 'A home on your wishlist has sold', action: 'See the home' },
};

export const ALL_NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

/** The types whose subject id names a `thing` (what acting on one such thing marks read). */
export const typesAbout = (thing: NotificationThing) => ALL_NOTIFICATION_TYPES.filter((type) => NOTIFICATION_TYPES[type].thing === thing);

/** Whether a notification's subject id is a listing's (its `listing` field then reads that listing, under the visibility rule). */
export const isAboutListing = (type: NotificationType) => LISTING_THINGS.has(NOTIFICATION_TYPES[type].thing);
const LISTING_THINGS = new Set<NotificationThing>(['listing', 'pending-listing', 'reported-listing']);

/** What a user may choose per type on the settings page (weekly is a saved search's own frequency). */
export const SETTING_CHOICES: EmailDelivery[] = ['instant', 'daily', 'never'];
