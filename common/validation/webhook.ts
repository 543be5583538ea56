import { array, object, string } from 'yup';

/** What an endpoint can subscribe to: changes of listings, offers, conversations and viewings its owner may see. */
export const WEBHOOK_EVENT_TYPES = [
  'listing.verified',
  'listing.rejected',
  'listing.advertised',
  'listing.sold',
  'listing.price_changed',
  'offer.created',
  'offer.accepted',
  'offer.rejected',
  'payment.succeeded',
  'message.created',
  'viewing.requested',
  'viewing.booked',
  'viewing.confirmed',
  'viewing.declined',
  'viewing.time_proposed',
  'viewing.time_accepted',
  'viewing.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "Send test event" sends (to any endpoint, whatever it subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** Registering an endpoint: its URL (https; the server checks where it resolves) and at least one event. */
export const webhookEndpointSchema = object({
  url: string().trim().required('URL is required').max(WEBHOOK_URL_MAX_LENGTH, `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`).url('Enter a full URL, e.g. https://example.com/hooks'),
  events: array(string().oneOf([...WEBHOOK_EVENT_TYPES], 'Unknown event').required()).min(1, 'Choose at least one event').required('Choose at least one event'),
});
