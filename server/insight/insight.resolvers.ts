import type { Resolvers } from '../graphql/generated/resolvers-types';

export const insightResolvers: Resolvers = {
  Query: {
    agentReplyTime: (_parent, { agentId }, { caller, services }) => services.insight.agentReplyTime(caller, agentId),
    myReplyTime: (_parent, _args, { caller, services }) => services.insight.myReplyTime(caller),
    myUnansweredQuestions: (_parent, args, { caller, services }) => services.insight.myUnansweredQuestions(caller, args),
    listingDemand: (_parent, { propertyId, stepPercent, rangePercent }, { caller, services }) => services.insight.listingDemand(caller, propertyId, stepPercent, rangePercent),
    saleRecord: (_parent, { propertyId }, { caller, services }) => services.insight.saleRecord(caller, propertyId),
    areaSalePrices: (_parent, { propertyId }, { caller, services }) => services.insight.areaSalePrices(caller, propertyId),
  },
  Mutation: {
    withholdSaleAmount: (_parent, { propertyId, withheld }, { caller, services }) => services.insight.withholdSaleAmount(caller, propertyId, withheld),
  },
};
