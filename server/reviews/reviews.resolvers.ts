import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';

export const reviewsResolvers: Resolvers = {
  Query: {
    propertyReviews: (_parent, { propertyId }, { caller, services, loaders }) => services.reviews.listForProperty(caller, propertyId, loaders),
    latestReviews: (_parent, { first }, { services }) => services.reviews.latest(first),
    myReviews: (_parent, _args, { caller, services }) => services.reviews.listMine(caller),
    allReviews: (_parent, args, { caller, services }) => services.reviews.listAll(caller, args),
  },
  Mutation: {
    addReview: (_parent, { propertyId, text }, { caller, services }) => services.reviews.add(caller, propertyId, text),
    deleteReview: (_parent, { id }, { caller, services }) => services.reviews.remove(caller, id),
  },
  Review: {
    property: (review, _args, { loaders }) => loadRequired(loaders.propertyById, review.propertyId, 'property'),
    reviewer: (review, _args, { loaders }) => loadRequired(loaders.userById, review.userId, 'reviewer'),
  },
};
