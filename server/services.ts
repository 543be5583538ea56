// One instance of every domain service per app; GraphQL resolvers and REST
// handlers both call these, so rules and authorization live in one place.
// Which services there are, and in what order they are made, is domains.ts.
import type { IdentityProvider } from './auth/identity-provider';
import type { Db } from './db/client';
import { makeDomainServices, type DomainServices } from './domains';
import type { EventsAndJobs } from './events-and-jobs';
import type { Logger } from './infra/logger';
import type { PaymentProvider } from './payments/payment-provider';
import type { RateLimits } from './rate-limits/rate-limits';
import type { ImageStorage } from './uploads/image-storage';

export interface ServiceDeps {
  db: Db;
  identity: IdentityProvider;
  storage: ImageStorage;
  payments: PaymentProvider;
  log: Logger;
  rateLimits: RateLimits;
  eventsAndJobs: Pick<EventsAndJobs, 'events' | 'jobs' | 'notifier' | 'tokens'>;
}

export type Services = DomainServices;

export function createServices({ eventsAndJobs, ...base }: ServiceDeps): Services {
  return makeDomainServices({ ...base, ...eventsAndJobs }) as Services;
}
