// Who may call each operation of image uploads (see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, signedIn } from '../context/access';

export const uploadsAccess = accessTable({
  // REST operationIds only (uploads.routes.ts)
  uploadImage: signedIn(),
});
