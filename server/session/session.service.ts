// Starting and ending the browser's session (session-cookie.ts): a Firebase
// session cookie traded for a fresh ID token, and its revocation at sign-out.
import type { IdentityProvider } from '../auth/identity-provider';
import { presentedCredential, requireIdentity, type Caller, type Credentials } from '../context/caller';
import { unauthenticated } from '../shared/errors';

export interface SessionService {
  /**
   * The session cookie's value for the caller's ID token, valid for `lifetimeMs`. Only
   * an ID token starts a session (a session cookie cannot lengthen itself).
   */
  start(caller: Caller, credentials: Credentials, lifetimeMs: number): Promise<string>;
  /**
   * Revokes the caller's sessions, when the request named a caller: Firebase revokes
   * per account, so the account's other signed-in browsers are signed out too (at
   * their next write, or their next token refresh).
   */
  end(caller: Caller): Promise<void>;
}

export function createSessionService({ identity }: { identity: IdentityProvider }): SessionService {
  return {
    async start(caller, credentials, lifetimeMs) {
      requireIdentity(caller);
      const credential = presentedCredential(credentials);
      if (credential?.kind !== 'idToken') throw unauthenticated('A session starts from a fresh ID token (Authorization: Bearer <ID token>).');
      return identity.createSessionCookie(credential.value, lifetimeMs);
    },
    async end(caller) {
      if (caller.identity) await identity.revokeSessions(caller.identity.uid);
    },
  };
}
