// The request context for Express routes (/graphql and /api alike): built once
// per request from its Authorization header, then read with contextOf(req).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createRequestContext, type ContextDeps, type RequestContext } from './request-context';

const contexts = new WeakMap<Request, RequestContext>();

export function requestContextMiddleware(deps: ContextDeps): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    contexts.set(req, await createRequestContext(deps, { authorization: req.headers.authorization, requestId: req.id === undefined ? undefined : String(req.id), clientIp: req.ip, userAgent: req.get('user-agent'), log: req.log }));
    next();
  };
}

export function contextOf(req: Request): RequestContext {
  const context = contexts.get(req);
  if (!context) throw new Error('requestContextMiddleware must run before this handler.');
  return context;
}
