// The signed-in session: the server's record of the caller (name, photo, role).
// The browser's session is an HttpOnly cookie (app/session.ts); the page the
// server sent says whether it was valid and carries the record (the first
// screen's data, app/first-screen.ts), so a signed-in page knows who is there
// before any script asks. Firebase Auth loads only when someone signs in or
// registers: its ID token is traded for the cookie. The role shown in the UI comes
// from the server, which also re-checks it on every request: nothing here is security.
import { useApolloClient } from '@apollo/client/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User as FirebaseUser } from 'firebase/auth';
import { QUIET_AUTH, restartLiveUpdates } from '../app/apollo';
import type { FirebaseSession } from '../app/firebase';
import { uploadImage } from '../app/http';
import { announceSession, endSession, onSessionChanged, startSession } from '../app/session';
import { MeDocument, RecordSignInDocument, type SignInRecordInput, type ViewerFieldsFragment } from '../users/users.generated';

export type Viewer = ViewerFieldsFragment;

export interface RegisterInput {
  name: string;
  photo: File;
  email: string;
  password: string;
}

/** What the page said about the session: whether its cookie was valid, and the caller's record (null: none yet). Null: the page did not say (`vite dev`). */
export type InitialSession = { signedIn: boolean; viewer: Viewer | null } | null;

interface AuthContextValue {
  status: 'loading' | 'signedOut' | 'signedIn';
  viewer: Viewer | null;
  signIn(email: string, password: string): Promise<Viewer>;
  signInWithGoogle(): Promise<Viewer>;
  register(input: RegisterInput): Promise<Viewer>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const statusOf = (initial: InitialSession): AuthContextValue['status'] => (initial?.signedIn && initial.viewer ? 'signedIn' : initial && !initial.signedIn ? 'signedOut' : 'loading');

export function AuthProvider({ initial, firebase, children }: { initial: InitialSession; firebase: () => Promise<FirebaseSession>; children: ReactNode }) {
  const client = useApolloClient();
  const [viewer, setViewer] = useState<Viewer | null>(initial?.viewer ?? null);
  const [status, setStatus] = useState<AuthContextValue['status']>(statusOf(initial));
  const firebaseLoaded = useRef<Promise<FirebaseSession> | null>(null);
  const loadFirebase = useCallback(() => (firebaseLoaded.current ??= firebase()), [firebase]);

  const recordSignIn = useCallback(
    async (input: SignInRecordInput = {}) => {
      const { data } = await client.mutate({ mutation: RecordSignInDocument, variables: { input } });
      if (!data) throw new Error('Could not save your account.');
      return data.recordSignIn;
    },
    [client],
  );

  /** Asks the server who the cookie names (a refusal means nobody: no detour to /login). */
  const loadViewer = useCallback(async () => {
    try {
      const { data } = await client.query({ query: MeDocument, fetchPolicy: 'network-only', context: { [QUIET_AUTH]: true } });
      // A valid session without a record (it went missing): make it again.
      const me = data?.me ?? (await recordSignIn());
      setViewer(me);
      setStatus('signedIn');
    } catch {
      setViewer(null);
      setStatus('signedOut');
    }
  }, [client, recordSignIn]);

  useEffect(() => {
    // The page did not say (vite dev), or the cookie is valid but its record is missing.
    if (status === 'loading') void loadViewer();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at start
  }, []);

  // Another tab signed in or out: this one follows, its cached data going with the old session.
  useEffect(
    () =>
      onSessionChanged((event) => {
        restartLiveUpdates(client);
        if (event === 'signed-out') {
          setViewer(null);
          setStatus('signedOut');
          void client.clearStore();
        } else {
          void loadViewer();
        }
      }),
    [client, loadViewer],
  );

  /** A Firebase sign-in: its token becomes the session cookie, then the record is made. */
  const signedInAs = useCallback(
    async (user: FirebaseUser, record: () => Promise<Viewer>): Promise<Viewer> => {
      await startSession(await user.getIdToken());
      const signedIn = await record();
      restartLiveUpdates(client);
      setViewer(signedIn);
      setStatus('signedIn');
      announceSession('signed-in');
      return signedIn;
    },
    [client],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      viewer,
      signIn: async (email, password) => {
        const user = await (await loadFirebase()).signInWithPassword(email.trim(), password);
        return signedInAs(user, () => recordSignIn());
      },
      signInWithGoogle: async () => {
        const [{ signInWithGoogle }, session] = await Promise.all([import('./google-sign-in'), loadFirebase()]);
        const user = await signInWithGoogle(session.auth);
        return signedInAs(user, () => recordSignIn({ name: user.displayName ?? undefined, image: user.photoURL ?? undefined }));
      },
      register: async ({ name, photo, email, password }) => {
        const session = await loadFirebase();
        const user = await session.createAccount(email.trim(), password);
        try {
          return await signedInAs(user, async () => {
            // Uploads need a signed-in caller, so the photo goes up once the session exists.
            const image = await uploadImage(photo);
            await session.updateProfile(user, { displayName: name, photoURL: image.url });
            return recordSignIn({ name, image: image.url });
          });
        } catch (error) {
          // Leave nothing half-made: the e-mail stays free for another attempt.
          await endSession();
          await user.delete().catch(() => undefined);
          throw error;
        }
      },
      signOut: async () => {
        await endSession();
        if (firebaseLoaded.current) await (await firebaseLoaded.current).signOut().catch(() => undefined);
        setViewer(null);
        setStatus('signedOut');
        restartLiveUpdates(client);
        await client.clearStore();
        announceSession('signed-out');
      },
    }),
    [status, viewer, loadFirebase, signedInAs, recordSignIn, client],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const notYet = () => Promise.reject(new Error('The app has not started yet.'));

/**
 * The session as it is before the app has started: still unknown. For the shell
 * prerendered at build time (client/src/prerender.tsx), which shows the
 * navigation bar without its account area.
 */
export function SessionUnknownProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthContextValue>(() => ({ status: 'loading', viewer: null, signIn: notYet, signInWithGoogle: notYet, register: notYet, signOut: notYet }), []);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
