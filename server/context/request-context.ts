// What every operation runs with, whatever carried it (an HTTP request to
// /graphql or /api, later a WebSocket message): who is calling, the services,
// per-operation loaders. Built here once; transports only say where the
// credentials (caller.ts) and the request id come from.
import { randomUUID } from 'node:crypto';
import type { IdentityProvider } from '../auth/identity-provider';
import type { Db } from '../db/client';
import type { Logger } from '../infra/logger';
import type { Services } from '../services';
import type { ImageStorage } from '../uploads/image-storage';
import { requireNotRevoked, resolveCaller, type ApiKeyVerifier, type Caller, type Credentials } from './caller';
import { createLoaders, type Loaders } from './loaders';
import type { ViewerLookup } from './viewer-lookup';

/** Per-request context shared by GraphQL resolvers and REST handlers. */
export interface RequestContext {
  requestId: string;
  /** The client's address (Express's req.ip, trust proxy applied); null when the transport has none. */
  clientIp: string | null;
  /** The client's User-Agent header; null when the transport has none. */
  userAgent: string | null;
  log: Logger;
  caller: Caller;
  services: Services;
  /** Per-request batching of related records (see loaders.ts). */
  loaders: Loaders;
  storage: ImageStorage;
  /** Throws UNAUTHENTICATED when the caller's account is disabled or its session revoked (checked when called: GraphQL mutations). */
  requireNotRevoked(): Promise<void>;
}

export interface ContextDeps {
  identity: IdentityProvider;
  db: Db;
  /** The caller's user record by token uid (cached per process; see viewer-lookup.ts). */
  viewers: ViewerLookup;
  /** Integrators' API keys, checked against the database on every request (api-keys/api-key-credential.ts). */
  apiKeys: ApiKeyVerifier;
  services: Services;
  storage: ImageStorage;
  /** The product's address (PUBLIC_URL): a session cookie's writes must come from it or from the request's own host (same-origin.ts). */
  publicUrl: string;
}

/** Resolves the caller from the request's credentials (or their absence) and assembles the context. */
export async function createRequestContext(
  deps: ContextDeps,
  request: {
    credentials: Credentials;
    requestId?: string;
    clientIp?: string;
    userAgent?: string;
    /** The request's logger, or how to make it (made on first use: most requests log nothing). */
    log: Logger | (() => Logger);
    /** A write: verify the credential with the revocation check. */
    checkRevoked?: boolean;
  },
): Promise<RequestContext> {
  const caller = await resolveCaller(request.credentials, deps, { checkRevoked: request.checkRevoked, clientIp: request.clientIp });
  const makeLog = request.log;
  // The logger is made on first use, by a getter on the prototype: Apollo copies the
  // context's own properties (Object.assign), which would call an own getter every request.
  const lazy = Object.create({
    get log(): Logger {
      const log = typeof makeLog === 'function' ? makeLog() : makeLog;
      Object.defineProperty(this, 'log', { value: log, enumerable: true });
      return log;
    },
  }) as { log: Logger };
  return Object.assign(lazy, {
    requestId: request.requestId ?? randomUUID(),
    clientIp: request.clientIp ?? null,
    userAgent: request.userAgent ?? null,
    caller,
    services: deps.services,
    loaders: createLoaders(deps.db, caller.viewer),
    storage: deps.storage,
    requireNotRevoked: () => (request.checkRevoked ? Promise.resolve() : requireNotRevoked(caller, request.credentials, deps.identity)),
  });
}
