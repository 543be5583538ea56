// Firebase Auth for this origin: the emulator when the server says so, else the
// real project. It is only needed to sign in or register (the forms, Google's
// popup): its ID token is then traded for the session cookie (session.ts), which
// identifies the browser from then on. So this module loads only when a sign-in
// flow starts, never with a page, and keeps nothing in the browser's storage
// (in-memory persistence): the HttpOnly cookie is the one session.
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { RuntimeConfig } from '@opennest/common/runtime-config';

/** The parts of Firebase Auth the app uses, so that callers need no static import of the SDK. */
export interface FirebaseSession {
  auth: Auth;
  signInWithPassword(email: string, password: string): Promise<User>;
  createAccount(email: string, password: string): Promise<User>;
  updateProfile(user: User, profile: { displayName: string; photoURL: string }): Promise<void>;
  signOut(): Promise<void>;
}

export function initFirebaseAuth(config: RuntimeConfig): FirebaseSession {
  const app = initializeApp(config.firebase);
  // No popup/redirect resolver here: with one (getAuth's default) the SDK fetches
  // apis.google.com's script at once. Google sign-in passes the resolver when its
  // button is used (google-sign-in.ts).
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return {
    auth,
    signInWithPassword: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
    createAccount: async (email, password) => (await createUserWithEmailAndPassword(auth, email, password)).user,
    updateProfile: (user, profile) => updateProfile(user, profile),
    signOut: () => signOut(auth),
  };
}
