import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { resolveCaller } from '../auth/caller';
import type { IdentityProvider } from '../auth/identity-provider';
import type { Db } from '../db/client';
import type { RequestContext } from '../graphql/context';
import { createLoaders } from '../graphql/loaders';
import type { Services } from '../services';
import type { ImageStorage } from '../uploads/image-storage';

const contexts = new WeakMap<Request, RequestContext>();

/** Resolves the caller from the bearer token once per request, for GraphQL and REST alike. */
export function requestContextMiddleware(deps: { identity: IdentityProvider; db: Db; services: Services; storage: ImageStorage }): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const caller = await resolveCaller(req.headers.authorization, deps.identity, deps.db);
    contexts.set(req, {
      requestId: String(req.id ?? randomUUID()),
      log: req.log,
      caller,
      services: deps.services,
      loaders: createLoaders(deps.db),
      storage: deps.storage,
    });
    next();
  };
}

export function contextOf(req: Request): RequestContext {
  const context = contexts.get(req);
  if (!context) throw new Error('requestContextMiddleware must run before this handler.');
  return context;
}
