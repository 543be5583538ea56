// The current Firebase session, shared by the Apollo link and the REST helper.
import { signOut, type Auth } from 'firebase/auth';
import { redirectToLogin } from './navigation';

/** Identity codes after which the session cannot continue (spec section 8). */
const SESSION_ENDING_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired']);

/**
 * The bearer token for the next request, or null when signed out. The SDK
 * refreshes it shortly before expiry. A disabled or expired account is signed out.
 */
export async function currentIdToken(auth: Auth): Promise<string | null> {
  const user = auth.currentUser;
  if (!user) return null;
  try {
    return await user.getIdToken();
  } catch (error) {
    if (SESSION_ENDING_CODES.has((error as { code?: string }).code ?? '')) {
      await signOut(auth);
      redirectToLogin();
    }
    throw error;
  }
}
