// One instance of every domain service per app; GraphQL resolvers and REST
// handlers both call these, so rules and authorization live in one place.
import type { IdentityProvider } from './auth/identity-provider';
import type { Db } from './db/client';
import type { Logger } from './infra/logger';
import { createOffersService } from './offers/offers.service';
import type { PaymentProvider } from './payments/payment-provider';
import { createPaymentsService } from './payments/payments.service';
import { createReviewsService } from './reviews/reviews.service';
import { createWishlistService } from './wishlist/wishlist.service';
import type { ImageStorage } from './uploads/image-storage';
import { createUploadsService } from './uploads/uploads.service';
import { createUsersService } from './users/users.service';
import { createUserAdminService } from './users/user-admin.service';
import { createProfileFiguresService } from './users/profile-figures.service';
import { createPropertiesService } from './properties/properties.service';
import { createNewsletterService } from './newsletter/newsletter.service';
import type { EventsAndJobs } from './events-and-jobs';
import { createNotificationsService } from './notifications/notifications.service';
import { createSavedSearchesService } from './saved-searches/saved-searches.service';
import { createMessagesService } from './messages/messages.service';
import { createReportsService } from './reports/reports.service';
import { createListingNumbersService } from './listing-numbers/listing-numbers.service';
import type { RateLimits } from './rate-limits/rate-limits';

export interface ServiceDeps {
  db: Db;
  identity: IdentityProvider;
  storage: ImageStorage;
  payments: PaymentProvider;
  log: Logger;
  rateLimits: RateLimits;
  eventsAndJobs: Pick<EventsAndJobs, 'events' | 'jobs' | 'notifier' | 'tokens'>;
}

export function createServices({ eventsAndJobs, ...base }: ServiceDeps) {
  const deps = { ...base, ...eventsAndJobs };
  const userAdmin = createUserAdminService(deps);
  const listingNumbers = createListingNumbersService(deps);
  return {
    users: createUsersService(deps),
    userAdmin,
    profileFigures: createProfileFiguresService(deps),
    uploads: createUploadsService(deps),
    properties: createPropertiesService({ ...deps, listingNumbers }),
    listingNumbers,
    newsletter: createNewsletterService(deps),
    wishlist: createWishlistService(deps),
    offers: createOffersService(deps),
    payments: createPaymentsService(deps),
    reviews: createReviewsService(deps),
    notifications: createNotificationsService(deps),
    savedSearches: createSavedSearchesService(deps),
    messages: createMessagesService(deps),
    reports: createReportsService({ ...deps, userAdmin }),
  };
}

export type Services = ReturnType<typeof createServices>;
