// Who may call each operation of offers and sales (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, scoped } from '../context/access';

export const offersAccess = accessTable({
  // GraphQL root fields (offers.graphql); also the REST routes of the same operationId: makeOffer, acceptOffer, rejectOffer
  myOffers: auth('user'),
  offersOnMyProperties: scoped('offers:read', auth('agent')),
  offer: scoped('offers:read', auth()),
  mySales: scoped('offers:read', auth('agent')),
  makeOffer: auth('user'),
  acceptOffer: scoped('offers:write', auth('agent')),
  rejectOffer: scoped('offers:write', auth('agent')),
  // REST operationIds only (offers.routes.ts)
  listOffersByAgent: scoped('offers:read', auth()),
  listOffersByBuyer: auth(),
  markOfferPaid: auth('user'),
  getOffer: scoped('offers:read', auth()),
  listSoldByAgent: scoped('offers:read', auth()),
});
