// Who is calling: decided once per request from the bearer token alone, then
// checked by the same guards in GraphQL directives, REST handlers and services.
import type { Role, User as UserRecord } from '../generated/prisma/client';
import { AppError, forbidden, unauthenticated } from '../shared/errors';
import { parseEmail } from '../shared/ids';
import type { IdentityProvider, VerifiedIdentity } from '../auth/identity-provider';
import type { ViewerLookup } from './viewer-lookup';

export interface Caller {
  /** The verified token's claims, when a valid token was sent. */
  identity: VerifiedIdentity | null;
  /** The caller's user record (role included), as it is now (see viewer-lookup.ts). */
  viewer: UserRecord | null;
  /** Why a sent token was refused; surfaced only where authentication is needed. */
  authError: AppError | null;
}

export const anonymousCaller: Caller = { identity: null, viewer: null, authError: null };

export function bearerToken(authorizationHeader: string | undefined): string | null {
  if (!authorizationHeader) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader);
  return match ? match[1] : '';
}

/**
 * Accounts whose every request is checked against revocation (a disabled account,
 * a revoked session): those an admin marked as fraud. Others are checked on writes.
 */
export const checksRevocationOnEveryRequest = (viewer: UserRecord | null) => viewer?.role === 'fraud';

/**
 * `checkRevoked` (writes): the token is verified with Firebase's revocation check
 * (one user look-up). Reads verify it locally, except for flagged accounts
 * (checksRevocationOnEveryRequest), which are then checked as writes are.
 */
export async function resolveCaller(
  authorizationHeader: string | undefined,
  identityProvider: IdentityProvider,
  lookupViewer: ViewerLookup,
  { checkRevoked = false }: { checkRevoked?: boolean } = {},
): Promise<Caller> {
  const token = bearerToken(authorizationHeader);
  if (token === null) return anonymousCaller;
  if (token === '') return { ...anonymousCaller, authError: unauthenticated('Malformed Authorization header; expected "Bearer <ID token>".') };
  try {
    const identity = await identityProvider.verifyIdToken(token, { checkRevoked });
    const viewer = await lookupViewer(identity.uid);
    if (!checkRevoked && checksRevocationOnEveryRequest(viewer)) await identityProvider.verifyIdToken(token, { checkRevoked: true });
    return { identity, viewer, authError: null };
  } catch (error) {
    if (error instanceof AppError) return { ...anonymousCaller, authError: error };
    throw error;
  }
}

/**
 * Refuses a caller whose token's account was disabled or whose session was
 * revoked (GraphQL mutations: the request is a write only once its operation is
 * known). Nothing to do without a token, or when resolveCaller already checked.
 */
export async function requireNotRevoked(caller: Caller, authorizationHeader: string | undefined, identityProvider: IdentityProvider): Promise<void> {
  const token = bearerToken(authorizationHeader);
  if (!token || !caller.identity || checksRevocationOnEveryRequest(caller.viewer)) return;
  await identityProvider.verifyIdToken(token, { checkRevoked: true });
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
