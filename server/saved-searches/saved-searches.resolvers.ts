import type { Resolvers } from '../graphql/generated/resolvers-types';
import { criteriaOfRecord } from './saved-searches.service';

export const savedSearchesResolvers: Resolvers = {
  Query: {
    savedSearches: (_parent, _args, { caller, services }) => services.savedSearches.list(caller),
  },
  Mutation: {
    saveSearch: (_parent, { input }, { caller, services }) => services.savedSearches.create(caller, input),
    updateSavedSearch: (_parent, { id, input }, { caller, services }) => services.savedSearches.update(caller, id, input),
    deleteSavedSearch: (_parent, { id }, { caller, services }) => services.savedSearches.remove(caller, id),
  },
  SavedSearch: {
    criteria: (search) => {
      const { search: text, sort, filter } = criteriaOfRecord(search);
      return { search: text, sort, filter };
    },
  },
};
