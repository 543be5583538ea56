// One instance of every domain service per app; GraphQL resolvers and REST
// handlers both call these, so rules and authorization live in one place.
import type { IdentityProvider } from './auth/identity-provider';
import type { Db } from './db/client';
import type { ImageStorage } from './uploads/image-storage';
import { createUploadsService } from './uploads/uploads.service';
import { createUsersService } from './users/users.service';
import { createPropertiesService } from './properties/properties.service';
import { createNewsletterService } from './newsletter/newsletter.service';

export interface ServiceDeps {
  db: Db;
  identity: IdentityProvider;
  storage: ImageStorage;
}

export function createServices(deps: ServiceDeps) {
  return {
    users: createUsersService(deps),
    uploads: createUploadsService(deps),
    properties: createPropertiesService(deps),
    newsletter: createNewsletterService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
