// Who may call each operation of reports of bad listings and their moderation (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, signedIn } from '../context/access';

export const reportsAccess = accessTable({
  // GraphQL root fields (reports.graphql)
  myReports: signedIn(),
  moderationQueue: auth('admin'),
  reportListing: signedIn(),
  resolveReports: auth('admin'),
});
