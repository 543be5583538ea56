// Every kind of notification in one table: who can receive it (its settings
// row shows for those roles), how it goes out by e-mail unless the user says
// otherwise, what the settings page and the unsubscribe link call it, and where
// it links (the client's route for the record it is about).
import type { EmailDelivery, NotificationType, Role } from '../generated/prisma/client';

export interface NotificationTypeInfo {
  /** The settings row and the unsubscribe page: "e-mails about <about>". */
  about: string;
  /** Roles that can receive it (settings show these types). */
  roles: Role[];
  defaultDelivery: EmailDelivery;
  /** The client route of the thing it is about. */
  link(subjectId: string): string;
  /** The e-mail subject when it goes out alone. */
  subject: string;
  /** The link's words in e-mails. */
  action: string;
}

const details = (id: string) => `/propertyDetails/${id}`;

export const NOTIFICATION_TYPES: Record<NotificationType, NotificationTypeInfo> = {
  offer_received: { about: 'new offers on your listings', roles: ['agent'], defaultDelivery: 'instant', link: () => '/dash-board/requested-properties', subject: 'A new offer', action: 'See the offer' },
  offer_accepted: { about: 'your offers being accepted', roles: ['user'], defaultDelivery: 'instant', link: () => '/dash-board/property-bought', subject: 'Your offer was accepted', action: 'Pay for the property' },
  offer_rejected: { about: 'your offers being rejected', roles: ['user'], defaultDelivery: 'instant', link: () => '/dash-board/property-bought', subject: 'Your offer was rejected', action: 'See your offers' },
  offer_outbid: { about: 'another offer being accepted on a property you offered on', roles: ['user'], defaultDelivery: 'instant', link: () => '/dash-board/property-bought', subject: 'Another offer was accepted', action: 'See your offers' },
  sold: { about: 'your properties being paid for', roles: ['agent'], defaultDelivery: 'instant', link: () => '/dash-board/my-sold-properties', subject: 'A property of yours was paid for', action: 'See your sales' },
  listing_verified: { about: 'your listings being verified', roles: ['agent'], defaultDelivery: 'instant', link: details, subject: 'Your listing was verified', action: 'See the listing' },
  listing_rejected: { about: 'your listings being rejected', roles: ['agent'], defaultDelivery: 'instant', link: details, subject: 'Your listing was rejected', action: 'See the listing' },
  listing_advertised: { about: 'your listings being advertised', roles: ['agent'], defaultDelivery: 'daily', link: details, subject: 'Your listing is advertised', action: 'See the listing' },
  new_message: { about: 'new messages', roles: ['user', 'agent'], defaultDelivery: 'instant', link: (id) => `/dash-board/messages/${id}`, subject: 'A new message', action: 'Read and reply' },
  saved_search_match: { about: 'new listings matching your saved searches', roles: ['user'], defaultDelivery: 'instant', link: details, subject: 'A new listing matches your saved search', action: 'See the listing' },
  role_changed: { about: 'changes to your role', roles: ['user', 'agent', 'admin'], defaultDelivery: 'instant', link: () => '/dash-board', subject: 'Your role changed', action: 'Open your dashboard' },
  marked_fraud: { about: 'your account being marked as fraud', roles: [], defaultDelivery: 'instant', link: () => '/dash-board', subject: 'Your account was marked as fraud', action: 'Open your dashboard' },
  new_review: { about: 'new reviews of your listings', roles: ['agent'], defaultDelivery: 'daily', link: details, subject: 'A new review of your listing', action: 'Read the review' },
};

export const ALL_NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

/** Whether notifications of `type` are about a listing (subject = the listing's id): those that link to its details. */
export const isAboutListing = (type: NotificationType) => NOTIFICATION_TYPES[type].link === details;

/** What a user may choose per type on the settings page (weekly is a saved search's own frequency). */
export const SETTING_CHOICES: EmailDelivery[] = ['instant', 'daily', 'never'];
