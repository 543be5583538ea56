// The identity provider seam: Firebase Auth through firebase-admin, talking to
// the emulator or to a real project depending on configuration only.
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { randomUUID } from 'node:crypto';
import type { FirebaseConfig } from '../config';
import { AppError, unauthenticated } from '../shared/errors';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  signInProvider: string | null;
  /** When the token stops being valid (live subscriptions re-check it on every event). */
  expiresAt: Date;
}

export interface IdentityAccount {
  uid: string;
  email: string | null;
  disabled: boolean;
  createdAt: string | null;
  lastSignInAt: string | null;
}

export interface IdentityProvider {
  /**
   * Throws UNAUTHENTICATED for anything but a valid, unexpired ID token. With
   * `checkRevoked`, also for a disabled account or a revoked session: one call to
   * the provider's user look-up (otherwise the check is local to the process).
   */
  verifyIdToken(token: string, options?: { checkRevoked?: boolean }): Promise<VerifiedIdentity>;
  /**
   * A session cookie for a freshly signed-in ID token, valid for `expiresInMs`
   * (Firebase allows 5 minutes to 2 weeks). Throws UNAUTHENTICATED for a token that is not valid.
   */
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  /** As verifyIdToken, for a session cookie createSessionCookie made (the same `checkRevoked` cost). */
  verifySessionCookie(cookie: string, options?: { checkRevoked?: boolean }): Promise<VerifiedIdentity>;
  /**
   * Revokes every session of the account (Firebase's refresh tokens, and with them every
   * session cookie and ID token issued before now, as the revocation check sees them).
   */
  revokeSessions(uid: string): Promise<void>;
  getAccount(uid: string): Promise<IdentityAccount | null>;
  getAccountByEmail(email: string): Promise<IdentityAccount | null>;
  createAccount(input: { uid?: string; email: string; password: string; displayName: string; photoURL?: string }): Promise<IdentityAccount>;
  updateAccount(uid: string, changes: { password?: string; displayName?: string; photoURL?: string | null; disabled?: boolean }): Promise<void>;
  deleteAccount(uid: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `emulatorHost` is set for both emulator modes. firebase-admin reads the
 * emulator address from process.env, so it is placed there before first use.
 */
/** What the app keeps from a verified Firebase ID token. */
export function toVerifiedIdentity(decoded: DecodedIdToken): VerifiedIdentity {
  return {
    uid: decoded.uid,
    email: decoded.email ?? null,
    emailVerified: decoded.email_verified ?? false,
    name: typeof decoded.name === 'string' ? decoded.name : null,
    picture: decoded.picture ?? null,
    signInProvider: decoded.firebase?.sign_in_provider ?? null,
    expiresAt: new Date(decoded.exp * 1000),
  };
}

export const DISABLED_ACCOUNT_MESSAGE = 'This account is disabled.';
export const REVOKED_SESSION_MESSAGE = 'This session was signed out. Please sign in again.';

/** firebase-admin's refusals the caller is told apart (others: "Invalid authentication token."). */
const TOKEN_REFUSALS: Record<string, string> = {
  'auth/id-token-expired': 'Your session has expired. Please sign in again.',
  'auth/user-disabled': DISABLED_ACCOUNT_MESSAGE,
  'auth/id-token-revoked': REVOKED_SESSION_MESSAGE,
  'auth/session-cookie-expired': 'Your session has expired. Please sign in again.',
  'auth/session-cookie-revoked': REVOKED_SESSION_MESSAGE,
};

/** Seconds a caller is told to wait while the identity provider cannot be reached. */
export const IDENTITY_RETRY_AFTER_SECONDS = 5;
export const IDENTITY_UNAVAILABLE_MESSAGE = 'Sign-in checks are temporarily unavailable; please retry in a few seconds.';
const providerUnavailable = () => new AppError('SERVICE_UNAVAILABLE', IDENTITY_UNAVAILABLE_MESSAGE, undefined, IDENTITY_RETRY_AFTER_SECONDS);

/** firebase-admin's codes, and the socket errors under them, for a request that never got an answer. */
const UNREACHABLE_CODES = new Set(['app/network-error', 'app/network-timeout', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE']);

function isProviderUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  // firebase-admin wraps the socket error in its message ("Error while making request: connect ECONNREFUSED ...").
  if (typeof message === 'string' && /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|socket hang up)\b/.test(message)) return true;
  return isProviderUnreachable(cause, depth + 1);
}

/**
 * firebase-admin's refusal as the caller sees it. The provider could not be asked (down, restarting,
 * unreachable): the credential was not judged, so the caller is told to retry (503), not to sign in
 * again (401, which signs the web client out).
 */
const refusalOf = (error: unknown) => (isProviderUnreachable(error) ? providerUnavailable() : unauthenticated(TOKEN_REFUSALS[(error as { code?: string }).code ?? ''] ?? 'Invalid authentication token.'));

export function createFirebaseIdentityProvider(config: FirebaseConfig, emulatorHost?: string): IdentityProvider {
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const app: App = initializeApp(
    {
      projectId: config.projectId,
      ...(config.mode === 'firebase' && config.serviceAccountJson ? { credential: cert(JSON.parse(config.serviceAccountJson)) } : {}),
    },
    // Several apps may live in one process (tests): each gets its own name.
    `opennest-${randomUUID()}`,
  );
  const auth: Auth = getAuth(app);

  const toAccount = (user: Awaited<ReturnType<Auth['getUser']>>): IdentityAccount => ({
    uid: user.uid,
    email: user.email ?? null,
    disabled: user.disabled,
    createdAt: user.metadata.creationTime ? new Date(user.metadata.creationTime).toISOString() : null,
    lastSignInAt: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
  });
  /** A credential's judgement, a refusal as the caller sees it (refusalOf). */
  const judged = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw refusalOf(error);
    }
  };
  const orNull = async <T>(work: Promise<T>): Promise<T | null> => {
    try {
      return await work;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    }
  };

  return {
    verifyIdToken: async (token, { checkRevoked = false } = {}) => toVerifiedIdentity(await judged(() => auth.verifyIdToken(token, checkRevoked))),
    createSessionCookie: (idToken, expiresInMs) => judged(() => auth.createSessionCookie(idToken, { expiresIn: expiresInMs })),
    verifySessionCookie: async (cookie, { checkRevoked = false } = {}) => toVerifiedIdentity(await judged(() => auth.verifySessionCookie(cookie, checkRevoked))),
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
    getAccount: async (uid) => {
      const user = await orNull(auth.getUser(uid));
      return user && toAccount(user);
    },
    getAccountByEmail: async (email) => {
      const user = await orNull(auth.getUserByEmail(email));
      return user && toAccount(user);
    },
    createAccount: async ({ uid, email, password, displayName, photoURL }) =>
      toAccount(await auth.createUser({ uid, email, password, displayName, photoURL, emailVerified: true })),
    updateAccount: async (uid, changes) => {
      await auth.updateUser(uid, changes);
    },
    deleteAccount: async (uid) => {
      await auth.deleteUser(uid);
    },
    close: () => deleteApp(app),
  };
}
