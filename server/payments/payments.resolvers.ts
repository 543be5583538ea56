import type { Resolvers } from '../graphql/generated/resolvers-types';

export const paymentsResolvers: Resolvers = {
  Mutation: {
    startOfferPayment: (_parent, { offerId }, { caller, services }) => services.payments.start(caller, offerId),
    completeOfferPayment: (_parent, { offerId, paymentIntentId }, { caller, services }) => services.payments.complete(caller, offerId, paymentIntentId),
  },
};
