// Who may call each operation of agents' numbers (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth } from '../context/access';

export const listingNumbersAccess = accessTable({
  // GraphQL root fields (listing-numbers.graphql)
  myListingNumbers: auth('agent'),
  listingNumbers: auth('agent', 'admin'),
});
