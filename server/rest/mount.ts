// The Express side of the route declarations (route.ts). Every route runs, in
// this order: the request context (caller from the bearer token), the access
// check, the rate limit of its class, the body parser, the input checks, the handler. So a caller without a
// valid token is refused (401) before a byte of the body is read or any input
// is judged, and a caller of the wrong role (403) before any input is judged.
import express, { type RequestHandler, type Router } from 'express';
import type { z as zod } from 'zod';
import { requireIdentity, requireScope, requireViewer, type Caller } from '../context/caller';
import { contextOf } from '../context/http';
import { callerKey, countsPerIp, type RateLimitClass, type RateLimits } from '../rate-limits/rate-limits';
import { CACHE_HEADER, stableJson, type PublicAnswerCache } from '../graphql/public-answer-cache';
import { toBadInput } from './inputs';
import { expressPath, type Access, type ApiRoute, type BodyDeclaration, type RestEnvironment } from './route';

/** The largest JSON (or raw) body read. */
const BODY_LIMIT = '1mb';

/** `withContext` builds the request context (caller from the bearer token, services, loaders). */
export function mountRoutes(
  router: Router,
  routes: readonly ApiRoute[],
  { env, withContext, rateLimits, publicAnswers }: { env: RestEnvironment; withContext: RequestHandler; rateLimits: RateLimits; publicAnswers?: PublicAnswerCache },
): void {
  const parsers = { json: express.json({ limit: BODY_LIMIT }), raw: express.raw({ type: () => true, limit: BODY_LIMIT }) };
  for (const route of routes) {
    const handle = handlerOf(route, env, publicAnswers);
    if (route.body?.kind === 'unread') {
      router[route.method](expressPath(route.path), handle);
      continue;
    }
    // A JSON body is parsed on every route that reads bodies (so malformed or
    // oversized JSON is a 400/413 everywhere); a multipart route adds its own parser.
    const readBody = route.body?.kind === 'raw' ? [parsers.raw] : route.body?.kind === 'multipart' ? [parsers.json, route.body.parser(env)] : [parsers.json];
    router[route.method](expressPath(route.path), withContext, accessCheck(route.access), rateLimit(route, rateLimits), ...readBody, handle);
  }
}

function admit(access: Access, caller: Caller): void {
  if (access.kind === 'signedIn') requireIdentity(caller);
  else if (access.kind === 'auth') requireViewer(caller, access.roles);
  if (access.kind === 'signedIn' || access.kind === 'auth') requireScope(caller, access);
}

const accessCheck =
  (access: Access): RequestHandler =>
  (req, _res, next) => {
    admit(access, contextOf(req).caller);
    next();
  };

/** The rate-limit class of a route (docs/configuration.md, "Rate limits"): its access's, else its door's default; null: not limited here. */
export function rateLimitClassOf(route: Pick<ApiRoute, 'method' | 'access'>): RateLimitClass | null {
  // The payment provider's webhook is signed, and refusing it would only delay payments.
  if (route.access.kind === 'stripeSignature') return null;
  if (route.access.rateLimit) return route.access.rateLimit;
  if (route.method === 'get') return route.access.kind === 'public' ? 'ipReads' : 'userReads';
  return route.access.kind === 'public' ? 'anonymousWrites' : 'userWrites';
}

/** After the access check (no 429 before a 401), before the body is read. */
function rateLimit(route: ApiRoute, rateLimits: RateLimits): RequestHandler {
  const kind = rateLimitClassOf(route);
  return async (req, _res, next) => {
    if (!kind) return next();
    const { caller } = contextOf(req);
    // A signed-in reader of a public route counts as that user; anyone else by IP.
    const limitedKind = kind === 'ipReads' && (caller.viewer || caller.identity) ? 'userReads' : kind;
    const key = countsPerIp(limitedKind) ? `ip:${req.ip}` : callerKey(caller, req.ip);
    await rateLimits.consume(limitedKind, key);
    next();
  };
}

function parsed(schema: zod.ZodType | undefined, value: unknown, part: 'params' | 'query' | 'body'): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (!result.success) throw toBadInput(result.error, part);
  return result.data;
}

function bodyOf(body: BodyDeclaration | undefined, value: unknown): unknown {
  if (body?.kind === 'json') return parsed(body.schema, value ?? {}, 'body');
  if (body?.kind === 'raw') return Buffer.isBuffer(value) ? value : Buffer.alloc(0);
  return undefined;
}

const handlerOf =
  (route: ApiRoute, env: RestEnvironment, publicAnswers: PublicAnswerCache | undefined): RequestHandler =>
  async (req, res) => {
    const params = parsed(route.params, req.params, 'params');
    const query = parsed(route.query, req.query, 'query');
    const compute = () =>
      route.handler({
        params,
        query,
        body: bodyOf(route.body, req.body),
        get context() {
          return contextOf(req);
        },
        env,
        req,
        res,
      });
    // Routes that keep answers are public GETs with a request context (their body is read, as empty).
    const anonymous = route.keptForAnonymousCallers && !contextOf(req).caller.identity && !contextOf(req).caller.authError;
    if (publicAnswers && anonymous) {
      const { value, from } = await publicAnswers.answer(`rest:${route.operationId}:${stableJson(params)}:${stableJson(query)}`, compute);
      if (from) res.setHeader(CACHE_HEADER, from);
      res.status(route.success.status).json(value);
      return;
    }
    res.status(route.success.status).json(await compute());
  };
