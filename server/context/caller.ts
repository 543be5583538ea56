// Who is calling: decided once per request from the credential it presented (a
// bearer ID token, an integrator's API key, or the browser's session cookie),
// then checked by the same guards in GraphQL directives, REST handlers and
// services. Roles always come from the user record, never from the credential's
// claims (an API key's owner is the kept-callers record, dropped when it changes).
import { API_KEY_PREFIX, type ApiKeyScope } from '@opennest/common/validation/api-key';
import type { Role, User as UserRecord } from '../generated/prisma/client';
import { AppError, forbidden, unauthenticated } from '../shared/errors';
import { parseEmail } from '../shared/ids';
import type { IdentityProvider, VerifiedIdentity } from '../auth/identity-provider';
import type { Access } from './access';
import type { ViewerLookup } from './viewer-lookup';

/** What an API key lets its caller do: its owner's powers, limited to its scopes. */
export interface ApiKeyGrant {
  /** The key's row id (rate limits and audit count per key). */
  id: string;
  /** The non-secret key id (logs may name it). */
  keyId: string;
  scopes: readonly ApiKeyScope[];
}

export interface Caller {
  /** The verified credential's claims, when a valid one was sent. */
  identity: VerifiedIdentity | null;
  /** The caller's user record (role included), as it is now (see viewer-lookup.ts). */
  viewer: UserRecord | null;
  /** Why a sent credential was refused; surfaced only where authentication is needed. */
  authError: AppError | null;
  /** Set when the credential was an API key: the caller may only use operations of its scopes (requireScope). */
  apiKey?: ApiKeyGrant | null;
}

export const anonymousCaller: Caller = { identity: null, viewer: null, authError: null, apiKey: null };

/**
 * What a request presented to say who it is, as its transport carries it: an
 * `Authorization` header (HTTP, or a WebSocket's connection_init payload) and
 * the session cookie (session-cookie.ts). Each kind of credential is read and
 * verified here, and only here (presentedCredential, verifyCredential).
 */
export interface Credentials {
  authorization: string | undefined;
  sessionCookie: string | undefined;
}

export const noCredentials: Credentials = { authorization: undefined, sessionCookie: undefined };

/** A Firebase ID token or an API key (`onk_…`) sent as `Authorization: Bearer`, or the browser's session cookie. */
export type CredentialKind = 'idToken' | 'apiKey' | 'sessionCookie';

type Presented = { kind: 'idToken' | 'sessionCookie'; value: string } | { kind: 'apiKey'; value: string } | { kind: 'malformed' } | null;

export function bearerToken(authorizationHeader: string | undefined): string | null {
  if (!authorizationHeader) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader);
  return match ? match[1] : '';
}

/**
 * The credential a request is judged by: an Authorization header wins over the
 * cookie (integrators, the REST adapter's callers and the tests send one), so a
 * browser's cookie never changes who a bearer caller is.
 */
export function presentedCredential({ authorization, sessionCookie }: Credentials): Presented {
  const token = bearerToken(authorization);
  if (token === '') return { kind: 'malformed' };
  if (token) return token.startsWith(API_KEY_PREFIX) ? { kind: 'apiKey', value: token } : { kind: 'idToken', value: token };
  if (sessionCookie) return { kind: 'sessionCookie', value: sessionCookie };
  return null;
}

/**
 * Verifies an API key (api-keys/api-key-credential.ts): unknown, revoked and
 * expired keys are refused alike (401). The key and its owner's record are kept
 * per process only until their rows change (events at commit), so a revocation
 * or a demoted owner applies to the next request, on every process.
 */
export type ApiKeyVerifier = (secret: string, clientIp: string | undefined) => Promise<{ identity: VerifiedIdentity; viewer: UserRecord; apiKey: ApiKeyGrant }>;

/** What resolveCaller verifies credentials with (the request context's dependencies carry them). */
export interface CredentialVerifiers {
  identity: IdentityProvider;
  viewers: ViewerLookup;
  apiKeys: ApiKeyVerifier;
}

function verifyCredential(credential: { kind: 'idToken' | 'sessionCookie'; value: string }, identityProvider: IdentityProvider, checkRevoked: boolean): Promise<VerifiedIdentity> {
  return credential.kind === 'idToken'
    ? identityProvider.verifyIdToken(credential.value, { checkRevoked })
    : identityProvider.verifySessionCookie(credential.value, { checkRevoked });
}

/**
 * Accounts whose every request is checked against revocation (a disabled account,
 * a revoked session): those an admin marked as fraud. Others are checked on writes.
 */
export const checksRevocationOnEveryRequest = (viewer: UserRecord | null) => viewer?.role === 'fraud';

/**
 * `checkRevoked` (writes): the credential is verified with Firebase's revocation check
 * (one user look-up). Reads verify it locally, except for flagged accounts
 * (checksRevocationOnEveryRequest), which are then checked as writes are.
 */
export async function resolveCaller(
  credentials: Credentials,
  { identity: identityProvider, viewers: lookupViewer, apiKeys }: CredentialVerifiers,
  { checkRevoked = false, clientIp }: { checkRevoked?: boolean; clientIp?: string } = {},
): Promise<Caller> {
  const credential = presentedCredential(credentials);
  if (credential === null) return anonymousCaller;
  if (credential.kind === 'malformed') return { ...anonymousCaller, authError: unauthenticated('Malformed Authorization header; expected "Bearer <ID token>".') };
  try {
    // A key's revocation and its owner's record are checked on every request: nothing more to do on writes.
    if (credential.kind === 'apiKey') return { ...(await apiKeys(credential.value, clientIp)), authError: null };
    const identity = await verifyCredential(credential, identityProvider, checkRevoked);
    const viewer = await lookupViewer(identity.uid);
    if (!checkRevoked && checksRevocationOnEveryRequest(viewer)) await verifyCredential(credential, identityProvider, true);
    return { identity, viewer, authError: null };
  } catch (error) {
    if (error instanceof AppError) return { ...anonymousCaller, authError: error };
    throw error;
  }
}

/**
 * Refuses a caller whose account was disabled or whose session was revoked
 * (GraphQL mutations: the request is a write only once its operation is
 * known). Nothing to do without a credential, or when resolveCaller already checked.
 */
export async function requireNotRevoked(caller: Caller, credentials: Credentials, identityProvider: IdentityProvider): Promise<void> {
  const credential = presentedCredential(credentials);
  if (!credential || credential.kind === 'malformed' || credential.kind === 'apiKey' || !caller.identity || checksRevocationOnEveryRequest(caller.viewer)) return;
  await verifyCredential(credential, identityProvider, true);
}

/** A valid token is required; a user record is not (the caller may be mid-sign-up). */
export function requireIdentity(caller: Caller): VerifiedIdentity {
  if (caller.authError) throw caller.authError;
  if (!caller.identity) throw unauthenticated();
  return caller.identity;
}

/** A valid token and a user record are required, and with `roles`, one of those roles. */
export function requireViewer(caller: Caller, roles?: readonly Role[]): UserRecord {
  requireIdentity(caller);
  const viewer = caller.viewer;
  if (!viewer) throw forbidden('Your account is not registered yet. Please sign in again.');
  if (roles?.length && !roles.includes(viewer.role)) throw forbidden(forbiddenMessageFor(roles));
  return viewer;
}

/** The refusal of an API key without the operation's scope (or of any key, for an operation no key may call). */
export const missingScopeMessage = (scope: ApiKeyScope | undefined) =>
  scope ? `This API key lacks the scope ${scope}.` : 'This operation cannot be called with an API key.';

/**
 * An API key caller must hold the operation's scope (its access table entry's
 * `scope`); other credentials pass. Checked with the access, before anything else.
 */
export function requireScope(caller: Caller, access: Pick<Access, 'scope'> | undefined): void {
  if (!caller.apiKey) return;
  const scope = access?.scope;
  if (!scope || !caller.apiKey.scopes.includes(scope)) throw forbidden(missingScopeMessage(scope));
}

function forbiddenMessageFor(roles: readonly Role[]): string {
  if (roles.length === 1 && roles[0] === 'admin') return 'Only admins can do this.';
  if (roles.length === 1 && roles[0] === 'agent') return 'Only agents can do this.';
  if (roles.length === 1 && roles[0] === 'user') return 'Only buyers (role user) can do this.';
  return `Only ${roles.join(' or ')} accounts can do this.`;
}

/**
 * The spec's by-e-mail reads (GET /my-reviews/{email} and the like): the
 * account's own records, or anyone's for an admin. Returns the e-mail as records
 * store it; `refusal` is the FORBIDDEN message for anyone else.
 */
export function requireSelfOrAdmin(caller: Caller, email: string, refusal: string): string {
  const viewer = requireViewer(caller);
  const normalized = parseEmail(email);
  if (normalized !== viewer.email && viewer.role !== 'admin') throw forbidden(refusal);
  return normalized;
}
