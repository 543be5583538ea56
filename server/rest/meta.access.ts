// Who may call the REST adapter's own routes (see context/access.ts): what the
// browser needs at start-up and the OpenAPI document, served to anyone.
import { accessTable, publicAccess } from '../context/access';

export const metaAccess = accessTable({
  // REST operationIds only (meta.routes.ts)
  getRuntimeConfig: publicAccess(),
  getOpenApiDocument: publicAccess(),
});
