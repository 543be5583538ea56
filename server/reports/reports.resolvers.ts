import type { Resolvers } from '../graphql/generated/resolvers-types';
import { loadRequired } from '../context/load-required';
import { isNoLongerListed } from '../properties/listing-visibility';

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
    // The reporter sees the listing by the visibility rule (admins see all of it).
    property: (report, _args, { loaders }) => loadRequired(loaders.propertyById, report.propertyId, 'property'),
    reporter: (report, _args, { loaders }) => loadRequired(loaders.userById, report.reporterId, 'reporter'),
    createdAt: (report) => report.createdAt.toISOString(),
    resolvedAt: (report) => report.resolvedAt?.toISOString() ?? null,
  },
  ReportedListing: {
    noLongerListed: (listing) => isNoLongerListed(listing),
  },
  ModerationItem: {
    property: (item, _args, { loaders }) => loadRequired(loaders.propertyById, item.propertyId, 'property'),
    latestReportAt: (item) => item.latestReportAt.toISOString(),
    agent: async (item, _args, { loaders }) => loadRequired(loaders.userById, (await loadRequired(loaders.propertyById, item.propertyId, 'property')).agentId, 'agent'),
  },
};
