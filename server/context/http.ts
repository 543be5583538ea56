// The request context for Express routes (/graphql and /api alike): built once
// per request from its credentials (the Authorization header, else the session
// cookie), then read with contextOf(req).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sessionCookieOf } from '../session/session-cookie';
import { presentedCredential, type Credentials } from './caller';
import { createRequestContext, type ContextDeps, type RequestContext } from './request-context';
import { ownHostsOf, requireSameOrigin } from './same-origin';

const contexts = new WeakMap<Request, RequestContext>();

/** Methods that change nothing: every other REST request is a write, and its credential gets the revocation check. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What an HTTP request presents to say who it is (caller.ts decides which one counts). */
export const credentialsOf = (req: Request): Credentials => ({ authorization: req.headers.authorization, sessionCookie: sessionCookieOf(req.headers.cookie) });

/** Refuses (403) a request that may change something, made with the session cookie, from another origin (same-origin.ts). */
export function refuseCrossSiteSession(req: Request, credentials: Credentials, publicUrl: string): void {
  if (READ_METHODS.has(req.method) || presentedCredential(credentials)?.kind !== 'sessionCookie') return;
  requireSameOrigin({ headers: req.headers, ownHosts: ownHostsOf(req.get('host'), publicUrl) });
}

/**
 * `writesByMethod`: a request whose method is not a read is a write (REST). Without
 * it (GraphQL, where a POST may be a query), writes are known once the operation
 * is (see requireNotRevoked in graphql/apollo.ts).
 */
export function requestContextMiddleware(deps: ContextDeps, { writesByMethod = false }: { writesByMethod?: boolean } = {}): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const credentials = credentialsOf(req);
    refuseCrossSiteSession(req, credentials, deps.publicUrl);
    contexts.set(
      req,
      await createRequestContext(deps, {
        credentials,
        requestId: req.id === undefined ? undefined : String(req.id),
        clientIp: req.ip,
        userAgent: req.get('user-agent'),
        log: () => req.log,
        checkRevoked: writesByMethod && !READ_METHODS.has(req.method),
      }),
    );
    next();
  };
}

export function contextOf(req: Request): RequestContext {
  const context = contexts.get(req);
  if (!context) throw new Error('requestContextMiddleware must run before this handler.');
  return context;
}
