// Who may call each operation of offers and sales (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth } from '../context/access';

export const offersAccess = accessTable({
  // GraphQL root fields (offers.graphql); also the REST routes of the same operationId: makeOffer, acceptOffer, rejectOffer
  myOffers: auth('user'),
  offersOnMyProperties: auth('agent'),
  offer: auth(),
  mySales: auth('agent'),
  makeOffer: auth('user'),
  acceptOffer: auth('agent'),
  rejectOffer: auth('agent'),
  // REST operationIds only (offers.routes.ts)
  listOffersByAgent: auth(),
  listOffersByBuyer: auth(),
  markOfferPaid: auth('user'),
  getOffer: auth(),
  listSoldByAgent: auth(),
});
