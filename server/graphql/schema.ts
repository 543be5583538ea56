import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { mergeResolvers } from '@graphql-tools/merge';
import type { GraphQLSchema } from 'graphql';
import { projectRoot } from '../config';
import { newsletterResolvers } from '../newsletter/newsletter.resolvers';
import { offersResolvers } from '../offers/offers.resolvers';
import { paymentsResolvers } from '../payments/payments.resolvers';
import { reviewsResolvers } from '../reviews/reviews.resolvers';
import { wishlistResolvers } from '../wishlist/wishlist.resolvers';
import { propertiesResolvers } from '../properties/properties.resolvers';
import { usersResolvers } from '../users/users.resolvers';
import { notificationsResolvers } from '../notifications/notifications.resolvers';
import { savedSearchesResolvers } from '../saved-searches/saved-searches.resolvers';
import { reportsResolvers } from '../reports/reports.resolvers';
import { messagesResolvers } from '../messages/messages.resolvers';
import { listingNumbersResolvers } from '../listing-numbers/listing-numbers.resolvers';
import { applyAccessDirectives } from './access-directives';
import type { Resolvers } from './generated/resolvers-types';
import { DateScalar, DateTime, Decimal } from './scalars';

/** The committed, generated schema (see codegen.ts): what runs is what is reviewed. */
export const schemaPath = path.join(projectRoot, 'schema.graphql');

const domainResolvers: Resolvers[] = [{ DateTime, Decimal, Date: DateScalar }, usersResolvers, propertiesResolvers, newsletterResolvers, wishlistResolvers, offersResolvers, paymentsResolvers, reviewsResolvers, notificationsResolvers, savedSearchesResolvers, messagesResolvers, reportsResolvers, listingNumbersResolvers];

export function buildSchema(): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: readFileSync(schemaPath, 'utf8'),
    resolvers: mergeResolvers(domainResolvers as never[]),
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  return applyAccessDirectives(schema);
}
