// Who may call each operation of newsletter sign-up and its confirmation (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, publicAccess } from '../context/access';

/** Anyone may write these without signing in: counted per IP, in one budget whichever door. */
const anonymousWrite = publicAccess({ rateLimit: 'anonymousWrites' });

export const newsletterAccess = accessTable({
  // GraphQL root fields (newsletter.graphql); also the REST routes of the same operationId: confirmNewsletterSubscription
  subscribeToNewsletter: anonymousWrite,
  confirmNewsletterSubscription: anonymousWrite,
  // REST operationIds only (newsletter.routes.ts)
  subscribeNewsletter: anonymousWrite,
});
