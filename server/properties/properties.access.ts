// Who may call each operation of listings (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth, publicAccess, scoped } from '../context/access';

export const propertiesAccess = accessTable({
  // GraphQL root fields (properties.graphql); also the REST routes of the same operationId: addProperty, advertiseProperty, updateProperty, deleteProperty
  verifiedProperties: scoped('listings:read', auth()),
  verifiedPropertyCount: scoped('listings:read', auth()),
  verifiedPropertyRelaxations: scoped('listings:read', auth()),
  similarProperties: scoped('listings:read', auth()),
  advertisedProperties: publicAccess(),
  property: scoped('listings:read', auth()),
  myProperties: scoped('listings:read', auth('agent')),
  allProperties: scoped('admin', auth('admin')),
  placeSuggestions: scoped('listings:read', auth()),
  addProperty: scoped('listings:write', auth('agent')),
  updateProperty: scoped('listings:write', auth('agent')),
  deleteProperty: scoped('listings:write', auth('agent')),
  verifyProperty: scoped('admin', auth('admin')),
  rejectProperty: scoped('admin', auth('admin')),
  advertiseProperty: scoped('admin', auth('admin')),
  // REST operationIds only (properties.routes.ts)
  listPropertiesByAgent: scoped('listings:read', auth()),
  listVerifiedProperties: scoped('listings:read', auth()),
  listAdvertisedProperties: publicAccess(),
  listAllProperties: scoped('admin', auth('admin')),
  reviewProperty: scoped('admin', auth('admin')),
  getProperty: scoped('listings:read', auth()),
  listSimilarProperties: scoped('listings:read', auth()),
});
