// Google sign-in with the account chooser forced (spec section 2). Loaded when the
// button is used: the popup resolver brings Google's own script (apis.google.com)
// with it, which no page should fetch before someone asks for Google sign-in.
import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup, type Auth, type User } from 'firebase/auth';

export async function signInWithGoogle(auth: Auth): Promise<User> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const { user } = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  return user;
}
