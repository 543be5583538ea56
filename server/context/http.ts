// The request context for Express routes (/graphql and /api alike): built once
// per request from its Authorization header, then read with contextOf(req).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createRequestContext, type ContextDeps, type RequestContext } from './request-context';

const contexts = new WeakMap<Request, RequestContext>();

/** Methods that change nothing: every other REST request is a write, and its token gets the revocation check. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `writesByMethod`: a request whose method is not a read is a write (REST). Without
 * it (GraphQL, where a POST may be a query), writes are known once the operation
 * is (see requireNotRevoked in graphql/apollo.ts).
 */
export function requestContextMiddleware(deps: ContextDeps, { writesByMethod = false }: { writesByMethod?: boolean } = {}): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    contexts.set(
      req,
      await createRequestContext(deps, {
        authorization: req.headers.authorization,
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
