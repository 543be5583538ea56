// Who may start and end a browser session (see context/access.ts). Both are
// REST-only: a session is a cookie, which only HTTP answers can set.
import { accessTable, publicAccess, signedIn } from '../context/access';

export const sessionAccess = accessTable({
  // A fresh ID token, as at sign-in (counted with the sign-in's other call, per IP).
  startSession: signedIn({ rateLimit: 'signIn' }),
  // Anyone may clear their cookie, even an expired one.
  endSession: publicAccess({ rateLimit: 'signIn' }),
});
