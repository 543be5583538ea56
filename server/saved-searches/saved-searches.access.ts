// Who may call each operation of saved searches (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth } from '../context/access';

export const savedSearchesAccess = accessTable({
  // GraphQL root fields (saved-searches.graphql)
  savedSearches: auth('user'),
  saveSearch: auth('user'),
  updateSavedSearch: auth('user'),
  deleteSavedSearch: auth('user'),
});
