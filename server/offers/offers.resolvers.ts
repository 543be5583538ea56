import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';

export const offersResolvers: Resolvers = {
  Query: {
    myOffers: (_parent, args, { caller, services }) => services.offers.listMine(caller, args),
    offersOnMyProperties: (_parent, args, { caller, services }) => services.offers.listForAgent(caller, args),
    offer: (_parent, { id }, { caller, services }) => services.offers.get(caller, id),
    mySales: (_parent, _args, { caller, services }) => services.offers.sales(caller),
  },
  Mutation: {
    makeOffer: (_parent, { input }, { caller, services }) => services.offers.make(caller, input),
    acceptOffer: (_parent, { id }, { caller, services }) => services.offers.accept(caller, id),
    rejectOffer: (_parent, { id }, { caller, services }) => services.offers.reject(caller, id),
  },
  Offer: {
    property: (offer, _args, { loaders }) => loadRequired(loaders.propertyById, offer.propertyId, 'property'),
    buyer: (offer, _args, { loaders }) => loadRequired(loaders.userById, offer.buyerId, 'buyer'),
    agent: (offer, _args, { loaders }) => loadRequired(loaders.userById, offer.agentId, 'agent'),
    offerAmount: (offer) => offer.amount.toFixed(2),
    buyingDate: (offer) => offer.buyingDate.toISOString().slice(0, 10),
    rejectedAtAcceptance: (offer) => offer.rejectedAtAcceptance ?? null,
  },
};
