// The signed-in session: the Firebase user, and the server's record of them
// (name, photo, role). The role shown in the UI comes from the server; the
// server also re-checks it on every request, so nothing here is security.
// Firebase Auth arrives after the first render starts (client/src/main.tsx):
// until it has restored any saved session the status is 'loading'.
import { useApolloClient } from '@apollo/client/react';
import type { Auth, User as FirebaseUser } from 'firebase/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FirebaseSession } from '../app/firebase';
import { uploadImage } from '../app/http';
import { MeDocument, RecordSignInDocument, type SignInRecordInput, type ViewerFieldsFragment } from '../users/users.generated';

export type Viewer = ViewerFieldsFragment;

export interface RegisterInput {
  name: string;
  photo: File;
  email: string;
  password: string;
}

interface AuthContextValue {
  status: 'loading' | 'signedOut' | 'signedIn';
  firebaseUser: FirebaseUser | null;
  viewer: Viewer | null;
  /** Firebase Auth, once loaded: for the bearer token of requests made outside Apollo. */
  auth: Promise<Auth>;
  signIn(email: string, password: string): Promise<Viewer>;
  signInWithGoogle(): Promise<Viewer>;
  register(input: RegisterInput): Promise<Viewer>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ firebase, children }: { firebase: Promise<FirebaseSession>; children: ReactNode }) {
  const client = useApolloClient();
  const auth = useMemo(() => firebase.then((session) => session.auth), [firebase]);
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null>(null);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [status, setStatus] = useState<AuthContextValue['status']>('loading');
  // While a sign-in or registration flow runs, it (not the listener) loads the record.
  const flowInProgress = useRef(false);

  const recordSignIn = useCallback(
    async (input: SignInRecordInput = {}) => {
      const { data } = await client.mutate({ mutation: RecordSignInDocument, variables: { input } });
      if (!data) throw new Error('Could not save your account.');
      return data.recordSignIn;
    },
    [client],
  );

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    firebase.then(
      (session) => {
        if (cancelled) return;
        unsubscribe = session.onUserChanged(async (user) => {
          setFirebaseUser(user);
          if (flowInProgress.current) return;
          if (!user) {
            setViewer(null);
            setStatus('signedOut');
            return;
          }
          // A restored session: load the record; create it if it went missing.
          try {
            const { data } = await client.query({ query: MeDocument, fetchPolicy: 'network-only' });
            setViewer(data?.me ?? (await recordSignIn()));
          } catch {
            setViewer(null);
          }
          setStatus('signedIn');
        });
      },
      (error: unknown) => {
        // Without the SDK nobody can be signed in; public pages still work.
        console.error('Firebase Auth could not load', error);
        if (!cancelled) setStatus('signedOut');
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [firebase, client, recordSignIn]);

  const runFlow = useCallback(
    async (flow: () => Promise<Viewer>): Promise<Viewer> => {
      flowInProgress.current = true;
      try {
        const signedIn = await flow();
        setViewer(signedIn);
        setFirebaseUser((await auth).currentUser);
        setStatus('signedIn');
        return signedIn;
      } finally {
        flowInProgress.current = false;
      }
    },
    [auth],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      firebaseUser,
      viewer,
      auth,
      signIn: (email, password) =>
        runFlow(async () => {
          await (await firebase).signInWithPassword(email.trim(), password);
          return recordSignIn();
        }),
      signInWithGoogle: () =>
        runFlow(async () => {
          const [{ signInWithGoogle }, session] = await Promise.all([import('./google-sign-in'), firebase]);
          const user = await signInWithGoogle(session.auth);
          return recordSignIn({ name: user.displayName ?? undefined, image: user.photoURL ?? undefined });
        }),
      register: ({ name, photo, email, password }) =>
        runFlow(async () => {
          const session = await firebase;
          const user = await session.createAccount(email.trim(), password);
          try {
            // Uploads need a signed-in caller, so the photo goes up after the account exists.
            const image = await uploadImage(session.auth, photo);
            await session.updateProfile(user, { displayName: name, photoURL: image.url });
            return await recordSignIn({ name, image: image.url });
          } catch (error) {
            // Leave nothing half-made: the e-mail stays free for another attempt.
            await user.delete().catch(() => undefined);
            throw error;
          }
        }),
      signOut: async () => {
        await (await firebase).signOut();
        await client.clearStore();
      },
    }),
    [status, firebaseUser, viewer, auth, firebase, runFlow, recordSignIn, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const notYet = () => Promise.reject(new Error('Firebase Auth has not loaded yet.'));

/**
 * The session as it is before Firebase Auth has loaded: still unknown. For the
 * shell prerendered at build time (client/src/prerender.tsx), which shows the
 * navigation bar without its account area.
 */
export function SessionUnknownProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthContextValue>(
    () => ({ status: 'loading', firebaseUser: null, viewer: null, auth: new Promise<Auth>(() => undefined), signIn: notYet, signInWithGoogle: notYet, register: notYet, signOut: notYet }),
    [],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
