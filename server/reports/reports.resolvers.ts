import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';

export const reportsResolvers: Resolvers = {
  Query: {
    myReports: (_parent, _args, { caller, services }) => services.reports.listMine(caller),
    moderationQueue: (_parent, _args, { caller, services }) => services.reports.queue(caller),
  },
  Mutation: {
    reportListing: (_parent, { input }, { caller, services }) => services.reports.report(caller, input),
    resolveReports: (_parent, { propertyId, action, note }, { caller, services }) => services.reports.resolve(caller, propertyId, action, note),
  },
  ListingReport: {
    property: (report, _args, { services }) => services.reports.listing(report.propertyId),
    reporter: (report, _args, { loaders }) => loadRequired(loaders.userById, report.reporterId, 'reporter'),
    createdAt: (report) => report.createdAt.toISOString(),
    resolvedAt: (report) => report.resolvedAt?.toISOString() ?? null,
  },
  ModerationItem: {
    property: (item, _args, { services }) => services.reports.listing(item.propertyId),
    latestReportAt: (item) => item.latestReportAt.toISOString(),
    agent: async (item, _args, { services, loaders }) => loadRequired(loaders.userById, (await services.reports.listing(item.propertyId)).agentId, 'agent'),
  },
};
