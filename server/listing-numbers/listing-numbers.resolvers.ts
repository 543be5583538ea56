import type { Resolvers } from '../graphql/generated/resolvers-types';

export const listingNumbersResolvers: Resolvers = {
  Query: {
    myListingNumbers: (_parent, args, { caller, services }) => services.listingNumbers.forAgent(caller, args),
    listingNumbers: (_parent, { propertyId }, { caller, services }) => services.listingNumbers.forListing(caller, propertyId),
  },
};
