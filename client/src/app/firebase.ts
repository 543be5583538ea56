// Firebase Auth for this origin: the emulator when the server says so, else the
// real project. This module is loaded on its own, after the first render starts
// (client/src/main.tsx), so no page waits for the SDK before it can paint.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type Auth,
  type Unsubscribe,
  type User,
} from 'firebase/auth';
import type { RuntimeConfig } from '@opennest/common/runtime-config';

/** The parts of Firebase Auth the app uses, so that callers need no static import of the SDK. */
export interface FirebaseSession {
  auth: Auth;
  onUserChanged(listener: (user: User | null) => void): Unsubscribe;
  signInWithPassword(email: string, password: string): Promise<User>;
  createAccount(email: string, password: string): Promise<User>;
  updateProfile(user: User, profile: { displayName: string; photoURL: string }): Promise<void>;
  signOut(): Promise<void>;
}

/** Resolves once the SDK has restored any saved session, so `auth.currentUser` can be trusted. */
export async function initFirebaseAuth(config: RuntimeConfig): Promise<FirebaseSession> {
  const app = initializeApp(config.firebase);
  // No popup/redirect resolver here: with one (getAuth's default) the SDK fetches
  // apis.google.com's script at start-up, on phones before anyone asks for it.
  // Google sign-in passes the resolver when the button is used (google-sign-in.ts).
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  await auth.authStateReady();
  return {
    auth,
    onUserChanged: (listener) => onAuthStateChanged(auth, listener),
    signInWithPassword: async (email, password) => (await signInWithEmailAndPassword(auth, email, password)).user,
    createAccount: async (email, password) => (await createUserWithEmailAndPassword(auth, email, password)).user,
    updateProfile: (user, profile) => updateProfile(user, profile),
    signOut: () => signOut(auth),
  };
}
