// The current Firebase session, shared by the Apollo link and the REST helper.
// Firebase Auth loads after the first render starts, so callers hold a promise
// of it; a request waits for it only as long as the SDK takes to arrive.
import type { Auth } from 'firebase/auth';
import { redirectToLogin } from './navigation';

/** Firebase Auth once loaded (and its saved session restored), or the instance itself. */
export type AuthSource = Auth | PromiseLike<Auth>;

/** Identity codes after which the session cannot continue (spec section 8). */
const SESSION_ENDING_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired']);

/**
 * The bearer token for the next request, or null when signed out (or when Firebase
 * Auth could not load: the request then goes out as a signed-out one). The SDK
 * refreshes it shortly before expiry. A disabled or expired account is signed out.
 */
export async function currentIdToken(source: AuthSource): Promise<string | null> {
  let auth: Auth;
  try {
    auth = await source;
  } catch {
    return null;
  }
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken();
  } catch (error) {
    if (SESSION_ENDING_CODES.has((error as { code?: string }).code ?? '')) {
      await auth.signOut();
      redirectToLogin();
    }
    throw error;
  }
}
