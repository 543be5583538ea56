// Who may call each operation, declared once per domain in its access table
// (server/<domain>/<domain>.access.ts), keyed by the operation's name: its
// GraphQL root field and, where it has one, its REST route's operationId.
// The table is read by the REST route (`access:`), the service's guard
// (`requireViewer(caller, table.op.roles)`) and the rate limits; the SDL's
// @public/@signedIn/@auth(roles:) directives are checked against it when the
// schema is built (graphql/access-directives.ts), and server/access.unit.test.ts
// checks the REST routes and the client's page table against it.
import type { ApiKeyScope } from '@opennest/common/validation/api-key';
import type { RateLimitClass } from '../config';
import type { Role } from '../generated/prisma/client';

/** Options every access shares. */
interface Limited {
  /**
   * The rate-limit class of this operation's calls where it is not its door's
   * default (REST: reads `userReads`/`ipReads`, writes `userWrites`, or
   * `anonymousWrites` when public; GraphQL mutations: `userWrites`). Both doors
   * of one operation share its budget.
   */
  rateLimit?: RateLimitClass;
  /**
   * The API key scope (common/validation/api-key.ts) a key needs to call this
   * operation; without one, the operation is not open to API keys (a key
   * caller gets 403). Firebase tokens and the session cookie ignore it.
   */
  scope?: ApiKeyScope;
}

export type PublicAccess = { kind: 'public' } & Limited;
/** A valid bearer token; the caller may have no user record yet. */
export type SignedInAccess = { kind: 'signedIn' } & Limited;
/** A valid bearer token and a user record, with one of `roles` when any are given. */
export type AuthAccess = { kind: 'auth'; roles: readonly Role[] } & Limited;
/** The payment provider's signature over the raw body (REST only; checked by the payments service, which needs the raw body). */
export type SignatureAccess = { kind: 'stripeSignature' } & Limited;

/** Who may call an operation. Checked before anything else (no 400 before a 401 or 403). */
export type Access = PublicAccess | SignedInAccess | AuthAccess | SignatureAccess;

export const publicAccess = (limits: Limited = {}): PublicAccess => ({ kind: 'public', ...limits });
export const signedIn = (limits: Limited = {}): SignedInAccess => ({ kind: 'signedIn', ...limits });
/** A user record with one of `roles` (none: any role). */
export const auth = (...roles: Role[]): AuthAccess => ({ kind: 'auth', roles });
export const stripeSignature: SignatureAccess = { kind: 'stripeSignature' };

/** `access`, open to API keys that hold `scope`. */
export const scoped = <A extends Access>(scope: ApiKeyScope, access: A): A & { scope: ApiKeyScope } => ({ ...access, scope });

/** A domain's access table: operation name → who may call it. */
export type AccessTable = Readonly<Record<string, Access>>;

/** Declares a domain's table, keeping each entry's kind (so `table.op.roles` is typed). */
export const accessTable = <const Table extends AccessTable>(table: Table): Table => table;

/** A domain's table whose every operation has the same access (e.g. all of them for integrators). */
export const sameAccessFor = <const Name extends string, A extends Access>(access: A, operations: readonly Name[]): Readonly<Record<Name, A>> =>
  Object.fromEntries(operations.map((operation) => [operation, access])) as Record<Name, A>;

/** The SDL directive an access stands for, as written in the domain's .graphql (`@auth(roles: [user])`). */
export function directiveOf(access: Access): string {
  switch (access.kind) {
    case 'public':
      return '@public';
    case 'signedIn':
      return '@signedIn';
    case 'auth':
      return access.roles.length ? `@auth(roles: [${access.roles.join(', ')}])` : '@auth';
    default:
      return `(${access.kind}: no GraphQL directive)`;
  }
}

/** Whether a signed-in account of `role` passes `access` (a role's pages may only call what this admits). */
export const admitsRole = (access: Access, role: Role): boolean =>
  access.kind === 'public' || access.kind === 'signedIn' || (access.kind === 'auth' && (access.roles.length === 0 || access.roles.includes(role)));
