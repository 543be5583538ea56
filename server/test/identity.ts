// Talks to the Firebase Auth emulator's REST API the way the web SDK does, to get
// real ID tokens for test users.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { toVerifiedIdentity, type IdentityProvider } from '../auth/identity-provider';
import { unauthenticated } from '../shared/errors';
import { testEnv } from './infrastructure';

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

const endpoint = (method: string) => `http://${testEnv().authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`;

/**
 * One emulator call on a connection of its own (no keep-alive). A kept-alive socket that sat idle while
 * this process's event loop was busy (compiling a test file's schemas, a burst of work on two cores)
 * could already have been closed by the emulator (its idle timeout is 5 s) when the next call was
 * written onto it: "other side closed". Retrying such sends was not enough, as a pool can hold more
 * dead sockets than any number of tries; a fresh connection on localhost costs far less than a flaky run.
 */
function postOnce(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': String(payload.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function call<T>(method: string, body: unknown): Promise<T> {
  const { status, json } = (await postOnce(endpoint(method), body)) as { status: number; json: T & { error?: { message: string } } };
  if (status < 200 || status >= 300) throw new Error(`accounts:${method} failed: ${json.error?.message ?? status}`);
  return json;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export async function signUp({ email = uniqueEmail(), password = 'Secret#123', displayName }: { email?: string; password?: string; displayName?: string } = {}): Promise<TestAccount> {
  const created = await call<{ localId: string; idToken: string }>('signUp', { email, password, returnSecureToken: true });
  if (!displayName) return { uid: created.localId, email, password, idToken: created.idToken };
  await call('update', { idToken: created.idToken, displayName });
  // A fresh token carries the new name claim, as the web SDK's would after reload.
  return signIn(email, password);
}

export async function signIn(email: string, password: string): Promise<TestAccount> {
  const result = await call<{ localId: string; idToken: string }>('signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: result.localId, email, password, idToken: result.idToken };
}

/**
 * A Google sign-in as the emulator performs it (the emulator accepts an unsigned
 * JSON id_token), giving a real ID token whose provider is google.com.
 */
export async function signInWithGoogle({ email = uniqueEmail('google'), name = 'Gina Google', picture = 'https://example.test/gina.png' } = {}): Promise<TestAccount> {
  const claims = { sub: `google-${randomBytes(6).toString('hex')}`, email, email_verified: true, name, picture };
  const result = await call<{ localId: string; idToken: string }>('signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
  });
  return { uid: result.localId, email, password: '', idToken: result.idToken };
}

/** A Firebase JWT's claims, read without any check (test doubles only). */
function claimsOf(token: string) {
  let claims: DecodedIdToken;
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as DecodedIdToken;
  } catch {
    // As firebase-admin refuses a token that is not a JWT at all.
    throw unauthenticated('Invalid authentication token.');
  }
  if (typeof claims?.sub !== 'string') throw unauthenticated('Invalid authentication token.');
  return toVerifiedIdentity({ ...claims, uid: claims.sub });
}

/**
 * Tokens (and session cookies) checked by their claims only (no account look-up),
 * like a real project's verifyIdToken / verifySessionCookie without checkRevoked:
 * the emulator would also look the account up and refuse them itself, hiding what
 * the app does. Every check, revocation asked for or not.
 */
export const verifiedByClaimsAlone = (real: IdentityProvider): IdentityProvider => ({
  ...real,
  verifyIdToken: async (token) => claimsOf(token),
  verifySessionCookie: async (cookie) => claimsOf(cookie),
});

/** As a real project verifies: by claims alone, and with the emulator's user look-up only when the revocation check is asked for. */
export const verifiedLikeARealProject = (real: IdentityProvider): IdentityProvider => {
  const local = verifiedByClaimsAlone(real);
  return {
    ...real,
    verifyIdToken: (token, options) => (options?.checkRevoked ? real.verifyIdToken(token, options) : local.verifyIdToken(token)),
    verifySessionCookie: (cookie, options) => (options?.checkRevoked ? real.verifySessionCookie(cookie, options) : local.verifySessionCookie(cookie)),
  };
};
