// Who may call each operation of listings (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, publicAccess } from '../context/access';

export const propertiesAccess = accessTable({
  // GraphQL root fields (properties.graphql); also the REST routes of the same operationId: addProperty, advertiseProperty, updateProperty, deleteProperty
  verifiedProperties: auth(),
  verifiedPropertyCount: auth(),
  verifiedPropertyRelaxations: auth(),
  similarProperties: auth(),
  advertisedProperties: publicAccess(),
  property: auth(),
  myProperties: auth('agent'),
  allProperties: auth('admin'),
  placeSuggestions: auth(),
  addProperty: auth('agent'),
  updateProperty: auth('agent'),
  deleteProperty: auth('agent'),
  verifyProperty: auth('admin'),
  rejectProperty: auth('admin'),
  advertiseProperty: auth('admin'),
  // REST operationIds only (properties.routes.ts)
  listPropertiesByAgent: auth(),
  listVerifiedProperties: auth(),
  listAdvertisedProperties: publicAccess(),
  listAllProperties: auth('admin'),
  reviewProperty: auth('admin'),
  getProperty: auth(),
  listSimilarProperties: auth(),
});
