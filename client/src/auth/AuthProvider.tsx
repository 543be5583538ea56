// The signed-in session: the Firebase user, and the server's record of them
// (name, photo, role). The role shown in the UI comes from the server; the
// server also re-checks it on every request, so nothing here is security.
import { useApolloClient } from '@apollo/client/react';
import {
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  updateProfile,
  type Auth,
  type User as FirebaseUser,
} from 'firebase/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { uploadImage } from '../app/http';
import { MeDocument, RecordSignInDocument, type SignInRecordInput, type ViewerFieldsFragment } from '../graphql/generated';

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
  auth: Auth;
  signIn(email: string, password: string): Promise<Viewer>;
  signInWithGoogle(): Promise<Viewer>;
  register(input: RegisterInput): Promise<Viewer>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  const client = useApolloClient();
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null>(auth.currentUser);
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

  useEffect(
    () =>
      onAuthStateChanged(auth, async (user) => {
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
      }),
    [auth, client, recordSignIn],
  );

  const runFlow = useCallback(
    async (flow: () => Promise<Viewer>): Promise<Viewer> => {
      flowInProgress.current = true;
      try {
        const signedIn = await flow();
        setViewer(signedIn);
        setFirebaseUser(auth.currentUser);
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
          await signInWithEmailAndPassword(auth, email.trim(), password);
          return recordSignIn();
        }),
      signInWithGoogle: () =>
        runFlow(async () => {
          const provider = new GoogleAuthProvider();
          provider.setCustomParameters({ prompt: 'select_account' });
          const { user } = await signInWithPopup(auth, provider);
          return recordSignIn({ name: user.displayName ?? undefined, image: user.photoURL ?? undefined });
        }),
      register: ({ name, photo, email, password }) =>
        runFlow(async () => {
          const { user } = await createUserWithEmailAndPassword(auth, email.trim(), password);
          try {
            // Uploads need a signed-in caller, so the photo goes up after the account exists.
            const image = await uploadImage(auth, photo);
            await updateProfile(user, { displayName: name, photoURL: image.url });
            return await recordSignIn({ name, image: image.url });
          } catch (error) {
            // Leave nothing half-made: the e-mail stays free for another attempt.
            await user.delete().catch(() => undefined);
            throw error;
          }
        }),
      signOut: async () => {
        await firebaseSignOut(auth);
        await client.clearStore();
      },
    }),
    [status, firebaseUser, viewer, auth, runFlow, recordSignIn, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
