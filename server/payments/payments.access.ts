// Who may call each operation of card payments for accepted offers (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, stripeSignature } from '../context/access';

export const paymentsAccess = accessTable({
  // GraphQL root fields (payments.graphql)
  startOfferPayment: auth('user'),
  completeOfferPayment: auth('user'),
  // REST operationIds only (payments.routes.ts)
  createPaymentIntent: auth('user'),
  stripeWebhook: stripeSignature,
});
