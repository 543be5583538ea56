// Every domain of the server and what it brings: its services, its GraphQL
// resolvers (its SDL fragment is server/<name>/<name>.graphql, merged by
// `npm run codegen`), its REST routes with their OpenAPI tag, its access table
// and its job kinds with their handlers. The app, the schema, the REST adapter,
// the OpenAPI document and the job workers all find them here: adding a domain
// touches this one list.
//
// The order matters twice: services are made in this order (a domain may use
// the services of those before it), and REST routes are matched in it (each
// domain's own routes are in matching order in its routes file).
import type { AppConfig } from './config';
import type { IdentityProvider } from './auth/identity-provider';
import type { AccessTable } from './context/access';
import type { Db } from './db/client';
import type { EventBus } from './events/event-bus';
import type { Resolvers } from './graphql/generated/resolvers-types';
import type { Logger } from './infra/logger';
import type { JobHandler, JobKind, JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { Notifier } from './notifications/notifier';
import type { UnsubscribeTokens } from './notifications/unsubscribe-token';
import type { PaymentProvider } from './payments/payment-provider';
import type { RateLimits } from './rate-limits/rate-limits';
import type { ApiRoute } from './rest/route';
import type { ImageStorage } from './uploads/image-storage';
import { insightAccess } from './insight/insight.access';
import { insightResolvers } from './insight/insight.resolvers';
import { createInsightService } from './insight/insight.service';
import { createReplySweepHandler, replySweepJob } from './insight/reply-time';
import { apiKeysAccess } from './api-keys/api-keys.access';
import { apiKeysResolvers } from './api-keys/api-keys.resolvers';
import { createApiKeysService } from './api-keys/api-keys.service';
import { createWebhookDeliveryHandler, webhookDeliveryJob } from './webhooks/delivery';
import { webhooksAccess } from './webhooks/webhooks.access';
import { webhooksResolvers } from './webhooks/webhooks.resolvers';
import { createWebhooksService } from './webhooks/webhooks.service';
import { listingNumbersAccess } from './listing-numbers/listing-numbers.access';
import { listingNumbersResolvers } from './listing-numbers/listing-numbers.resolvers';
import { createListingNumbersService, createListingViewCleanupHandler, listingViewCleanupJob, type ListingNumbersService } from './listing-numbers/listing-numbers.service';
import { messagesAccess } from './messages/messages.access';
import { messagesResolvers } from './messages/messages.resolvers';
import { createMessagesService } from './messages/messages.service';
import { createNewsletterJobHandlers, newsletterConfirmationJob } from './newsletter/newsletter-confirmation';
import { newsletterAccess } from './newsletter/newsletter.access';
import { newsletterResolvers } from './newsletter/newsletter.resolvers';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { createNewsletterService } from './newsletter/newsletter.service';
import { createReceiptJobHandlers, paymentReceiptJob } from './payments/payment-receipt';
import { createEmailJobHandlers, dailyDigestJob, notificationEmailJob, weeklyDigestJob } from './notifications/notification-jobs';
import { notificationsAccess } from './notifications/notifications.access';
import { notificationsResolvers } from './notifications/notifications.resolvers';
import { createNotificationsService } from './notifications/notifications.service';
import { offersAccess } from './offers/offers.access';
import { offersResolvers } from './offers/offers.resolvers';
import { offerRoutes } from './offers/offers.routes';
import { createOffersService } from './offers/offers.service';
import { paymentsAccess } from './payments/payments.access';
import { paymentsResolvers } from './payments/payments.resolvers';
import { paymentRoutes } from './payments/payments.routes';
import { createPaymentsService } from './payments/payments.service';
import { propertiesAccess } from './properties/properties.access';
import { propertiesResolvers } from './properties/properties.resolvers';
import { propertyRoutes } from './properties/properties.routes';
import { createPropertiesService } from './properties/properties.service';
import { reportsAccess } from './reports/reports.access';
import { reportsResolvers } from './reports/reports.resolvers';
import { createReportsService } from './reports/reports.service';
import { metaAccess } from './rest/meta.access';
import { metaRoutes } from './rest/meta.routes';
import { reviewsAccess } from './reviews/reviews.access';
import { reviewsResolvers } from './reviews/reviews.resolvers';
import { reviewRoutes } from './reviews/reviews.routes';
import { createReviewsService } from './reviews/reviews.service';
import { createMatchingJobHandler, savedSearchMatchingJob } from './saved-searches/matching';
import { savedSearchesAccess } from './saved-searches/saved-searches.access';
import { savedSearchesResolvers } from './saved-searches/saved-searches.resolvers';
import { createSavedSearchesService } from './saved-searches/saved-searches.service';
import { sessionAccess } from './session/session.access';
import { sessionRoutes } from './session/session.routes';
import { createSessionService } from './session/session.service';
import { uploadsAccess } from './uploads/uploads.access';
import { uploadRoutes } from './uploads/uploads.routes';
import { createUploadsService } from './uploads/uploads.service';
import { createProfileFiguresService } from './users/profile-figures.service';
import { createUserAdminService, type UserAdminService } from './users/user-admin.service';
import { usersAccess } from './users/users.access';
import { usersResolvers } from './users/users.resolvers';
import { userRoutes } from './users/users.routes';
import { createUsersService } from './users/users.service';
import { viewingsAccess } from './viewings/viewings.access';
import { viewingsResolvers } from './viewings/viewings.resolvers';
import { createViewingsService } from './viewings/viewings.service';
import { createViewingSweepHandler, viewingSweepJob } from './viewings/viewing-jobs';
import { wishlistAccess } from './wishlist/wishlist.access';
import { wishlistResolvers } from './wishlist/wishlist.resolvers';
import { wishlistRoutes } from './wishlist/wishlist.routes';
import { createWishlistService } from './wishlist/wishlist.service';
import { createSavedHomeAlertHandler, savedHomeAlertJob } from './wishlist/saved-home-alerts';

/** What an app gives its services (services.ts). */
export interface ServiceDeps {
  /** What services read of the configuration (the listings' default time zone, the public address). */
  config: Pick<AppConfig, 'listingTimeZone' | 'publicUrl' | 'webhookAllowedHosts'>;
  db: Db;
  identity: IdentityProvider;
  storage: ImageStorage;
  payments: PaymentProvider;
  log: Logger;
  rateLimits: RateLimits;
  /**
   * What "now" is for the services that read it (viewings, listing numbers):
   * the real clock, unless a check fixes it (the visual check shows the demo
   * marketplace as of its fixed day, in the browser and on the server alike).
   */
  clock?: () => Date;
  /** The parts of events and jobs (events-and-jobs.ts) services use. */
  eventsAndJobs: { events: EventBus; jobs: JobQueue; notifier: Notifier; tokens: UnsubscribeTokens };
}

/** What the service makers get: the app's parts, events and jobs spread in. */
export type ServiceContext = Omit<ServiceDeps, 'eventsAndJobs'> & ServiceDeps['eventsAndJobs'];

/** What job handlers get, in the processes that work jobs (jobs/jobs.ts). */
export interface JobHandlerDeps {
  db: Db;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  notifier: Notifier;
  publicUrl: string;
  log: Logger;
  /** Hosts webhooks may reach although their addresses are refused (WEBHOOK_ALLOWED_HOSTS). */
  webhookAllowedHosts: readonly string[];
}

interface Domain<Made extends object> {
  /** Its folder under server/, and the OpenAPI tag of its REST routes. */
  name: string;
  /** Who may call each of its operations (GraphQL root fields, REST operationIds). */
  access: AccessTable;
  /** Its services (`services` of the request context), given those of the domains before it. */
  services?: (deps: ServiceContext, before: Record<string, unknown>) => Made;
  resolvers?: Resolvers;
  /** Its REST routes, in matching order, and what its OpenAPI tag says. */
  rest?: { routes: readonly ApiRoute[]; tag: string };
  /** The kinds of jobs it queues, and what runs them (`handlers`: in the processes that work jobs). */
  jobs?: { kinds: Array<JobKind<object>>; handlers(deps: JobHandlerDeps): JobHandler[] };
}

const domain = <Made extends object = object>(declared: Domain<Made>) => declared;

export const DOMAINS = [
  domain({ name: 'meta', access: metaAccess, rest: { routes: metaRoutes, tag: 'Runtime configuration and this document' } }),
  domain({
    name: 'session',
    access: sessionAccess,
    services: (deps) => ({ session: createSessionService(deps) }),
    rest: { routes: sessionRoutes, tag: 'The browser’s session cookie' },
  }),
  domain({
    name: 'users',
    access: usersAccess,
    services: (deps) => ({ users: createUsersService(deps), userAdmin: createUserAdminService(deps), profileFigures: createProfileFiguresService(deps) }),
    resolvers: usersResolvers,
    rest: { routes: userRoutes, tag: 'User records, roles and administration' },
  }),
  domain({
    name: 'api-keys',
    access: apiKeysAccess,
    services: (deps) => ({ apiKeys: createApiKeysService(deps) }),
    resolvers: apiKeysResolvers,
  }),
  domain({
    name: 'webhooks',
    access: webhooksAccess,
    services: (deps) => ({ webhooks: createWebhooksService(deps) }),
    resolvers: webhooksResolvers,
    jobs: { kinds: [webhookDeliveryJob], handlers: (deps) => [createWebhookDeliveryHandler(deps)] },
  }),
  domain({
    name: 'listing-numbers',
    access: listingNumbersAccess,
    services: (deps) => ({ listingNumbers: createListingNumbersService(deps) }),
    resolvers: listingNumbersResolvers,
    jobs: { kinds: [listingViewCleanupJob], handlers: (deps) => [createListingViewCleanupHandler(deps)] },
  }),
  domain({
    name: 'properties',
    access: propertiesAccess,
    services: (deps, before) => ({ properties: createPropertiesService({ ...deps, listingNumbers: before.listingNumbers as ListingNumbersService }) }),
    resolvers: propertiesResolvers,
    rest: { routes: propertyRoutes, tag: 'Listings' },
  }),
  domain({
    name: 'newsletter',
    access: newsletterAccess,
    services: (deps) => ({ newsletter: createNewsletterService(deps) }),
    resolvers: newsletterResolvers,
    rest: { routes: newsletterRoutes, tag: 'Newsletter sign-up' },
    jobs: { kinds: [newsletterConfirmationJob], handlers: createNewsletterJobHandlers },
  }),
  domain({
    name: 'wishlist',
    access: wishlistAccess,
    services: (deps) => ({ wishlist: createWishlistService(deps) }),
    resolvers: wishlistResolvers,
    rest: { routes: wishlistRoutes, tag: 'Buyers’ wishlists' },
    jobs: { kinds: [savedHomeAlertJob], handlers: (deps) => [createSavedHomeAlertHandler(deps)] },
  }),
  domain({
    name: 'offers',
    access: offersAccess,
    services: (deps) => ({ offers: createOffersService(deps) }),
    resolvers: offersResolvers,
    rest: { routes: offerRoutes, tag: 'Offers and sales' },
  }),
  domain({
    name: 'payments',
    access: paymentsAccess,
    services: (deps) => ({ payments: createPaymentsService(deps) }),
    resolvers: paymentsResolvers,
    rest: { routes: paymentRoutes, tag: 'Card payments for accepted offers' },
    jobs: { kinds: [paymentReceiptJob], handlers: createReceiptJobHandlers },
  }),
  domain({
    name: 'reviews',
    access: reviewsAccess,
    services: (deps) => ({ reviews: createReviewsService(deps) }),
    resolvers: reviewsResolvers,
    rest: { routes: reviewRoutes, tag: 'Reviews' },
  }),
  domain({
    name: 'uploads',
    access: uploadsAccess,
    services: (deps) => ({ uploads: createUploadsService(deps) }),
    rest: { routes: uploadRoutes, tag: 'Image uploads' },
  }),
  domain({
    name: 'notifications',
    access: notificationsAccess,
    services: (deps) => ({ notifications: createNotificationsService(deps) }),
    resolvers: notificationsResolvers,
    jobs: { kinds: [notificationEmailJob, dailyDigestJob, weeklyDigestJob], handlers: createEmailJobHandlers },
  }),
  domain({
    name: 'saved-searches',
    access: savedSearchesAccess,
    services: (deps) => ({ savedSearches: createSavedSearchesService(deps) }),
    resolvers: savedSearchesResolvers,
    jobs: { kinds: [savedSearchMatchingJob], handlers: (deps) => [createMatchingJobHandler(deps)] },
  }),
  domain({
    name: 'messages',
    access: messagesAccess,
    services: (deps) => ({ messages: createMessagesService(deps) }),
    resolvers: messagesResolvers,
  }),
  domain({
    name: 'viewings',
    access: viewingsAccess,
    services: (deps) => ({ viewings: createViewingsService(deps) }),
    resolvers: viewingsResolvers,
    jobs: { kinds: [viewingSweepJob], handlers: (deps) => [createViewingSweepHandler(deps)] },
  }),
  domain({
    name: 'reports',
    access: reportsAccess,
    services: (deps, before) => ({ reports: createReportsService({ ...deps, userAdmin: before.userAdmin as UserAdminService }) }),
    resolvers: reportsResolvers,
  }),
  domain({
    name: 'insight',
    access: insightAccess,
    services: (deps) => ({ insight: createInsightService(deps) }),
    resolvers: insightResolvers,
    jobs: { kinds: [replySweepJob], handlers: (deps) => [createReplySweepHandler(deps)] },
  }),
] as const;

/** A REST route with its domain's OpenAPI tag. */
export type DomainRoute = ApiRoute & { tag: string };

/** Every REST route under /api, in the order Express matches them; app.ts mounts them and the OpenAPI document describes exactly them. */
export const apiRoutes: readonly DomainRoute[] = DOMAINS.flatMap(({ name, rest }) => (rest?.routes ?? []).map((route) => ({ ...route, tag: name })));

/** The OpenAPI tags, one per domain with REST routes. */
export const apiTags = DOMAINS.flatMap(({ name, rest }) => (rest ? [{ name, description: rest.tag }] : []));

/** Every operation's access, by its name (GraphQL root field or REST operationId), across the domains. */
export const ACCESS: ReadonlyMap<string, { access: AccessTable[string]; domain: string }> = (() => {
  const entries = new Map<string, { access: AccessTable[string]; domain: string }>();
  for (const { name, access } of DOMAINS) {
    for (const [operation, entry] of Object.entries(access)) {
      const other = entries.get(operation);
      if (other) throw new Error(`The operation ${operation} is declared in the access tables of both ${other.domain} and ${name}.`);
      entries.set(operation, { access: entry, domain: name });
    }
  }
  return entries;
})();

/** The services of every domain, made in order. */
export function makeDomainServices(deps: ServiceContext): Record<string, unknown> {
  const made: Record<string, unknown> = {};
  for (const { services } of DOMAINS) Object.assign(made, services?.(deps, made));
  return made;
}

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** What makeDomainServices makes, by name. */
export type DomainServices = UnionToIntersection<ReturnType<NonNullable<(typeof DOMAINS)[number]['services']>>>;
