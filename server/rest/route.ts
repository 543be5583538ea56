// A REST route is declared once, in its domain folder (server/<domain>/<domain>.routes.ts):
// `route('METHOD /path', operationId, {...})` with its inputs, its answer and
// refusals, and the handler that calls the service; who may call it is the
// domain's access table's entry for its operationId (context/access.ts). The
// Express route with its checks (mount.ts) and the OpenAPI document
// (openapi-document.ts) are derived from it; domains.ts lists every domain's routes.
import type { Request, RequestHandler, Response } from 'express';
import type { z as zod } from 'zod';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import type { Access, AccessTable } from '../context/access';
import type { RequestContext } from '../context/request-context';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type { Access } from '../context/access';

/** Refusals a route can give (besides what mount.ts adds: 401 when not public, 400 and 413 when the body is read). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 503;

/** What handlers and body parsers may use besides the request, fixed when the app is built. */
export interface RestEnvironment {
  runtimeConfig: RuntimeConfig;
  maxUploadBytes: number;
  openApiDocument: object;
  /** The product's address (PUBLIC_URL): requests from it are same-origin (context/same-origin.ts). */
  publicUrl: string;
  /** How long a browser session lasts (SESSION_DAYS). */
  sessionLifetimeMs: number;
}

/** How a route reads its body. Without a declaration the JSON parser still runs (400/413) and nothing is read. */
export type BodyDeclaration =
  /** JSON, checked against the schema (inputs.ts) after the caller is. `optional`: the body may be left out. */
  | { kind: 'json'; schema: zod.ZodObject; optional?: true }
  /** multipart/form-data, read by the route's own parser after the caller is checked; documented by the schema. */
  | { kind: 'multipart'; schema: zod.ZodObject; encoding: Record<string, { contentType: string }>; parser(env: RestEnvironment): RequestHandler }
  /** The raw bytes (a signature is over them); documented by the schema. */
  | { kind: 'raw'; schema: zod.ZodType }
  /** Never read: no request context either (served as-is to anyone). */
  | { kind: 'unread' };

type BodyOf<B> = B extends { kind: 'json'; schema: infer S extends zod.ZodType } ? zod.output<S> : B extends { kind: 'raw' } ? Buffer : undefined;
type Parsed<T> = T extends zod.ZodType ? zod.output<T> : Record<string, never>;

export interface HandlerInput<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
  /** The request context (caller, services, loaders); not built for routes whose body is `unread`. */
  readonly context: RequestContext;
  env: RestEnvironment;
  req: Request;
  /** For answer headers; the body is what the handler returns. */
  res: Response;
}

export interface Answer<S extends zod.ZodType = zod.ZodType> {
  description: string;
  schema: S;
  /** Answer headers, documented (the handler sets them on `res`). */
  headers?: zod.ZodObject;
}

/** What a domain declares for one route (see routesOf). `A` is the answer's type, as the handler builds it. */
export interface RouteDeclaration<P extends zod.ZodObject | undefined, Q extends zod.ZodObject | undefined, B extends BodyDeclaration | undefined, A> {
  /** false: not a row of the spec's call table (section 7). */
  spec?: false;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  success: Answer<zod.ZodType<unknown, A>> & { status: 200 | 201 };
  /**
   * A public GET whose answer to callers without a token depends only on its
   * path and query and on the tables migration 20261124030000_public_answer_cache
   * watches: kept per process, as public GraphQL answers are (graphql/public-answer-cache.ts).
   */
  keptForAnonymousCallers?: true;
  /** The refusals the route's service can give besides those derived from access and body. */
  refusals?: ErrorStatus[];
  /** Answers that are not refusals of the caller (a dependency failing). */
  otherAnswers?: Record<number, Answer>;
  handler(input: HandlerInput<Parsed<P>, Parsed<Q>, BodyOf<B>>): Promise<A>;
}

/** A declared route, with where it is served, its names and who may call it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiRoute extends Omit<RouteDeclaration<any, any, any, any>, 'spec'> {
  method: HttpMethod;
  /** Under /api, in OpenAPI's template form (`/offers/{id}`). */
  path: string;
  operationId: string;
  /** Who may call it: its domain's access table's entry for operationId. Checked before anything else (no 400 before a 401 or 403). */
  access: Access;
  /** The row of the spec's call table this route serves, as the spec writes it. */
  specCall?: string;
}

/**
 * "METHOD /path", the path under /api in OpenAPI's template form, written as
 * the spec's call table writes the call (`GET /wishlist?email={email}`).
 */
export type RouteCall = `${Uppercase<HttpMethod>} /${string}`;

/**
 * The route declarer of one domain, given its access table:
 * `route('PUT /users/role/{id}', 'setUserRole', {...})`, with the call as the
 * spec writes it and the OpenAPI operationId, which must be a key of the table
 * (who may call the route). The types of a handler's inputs and answer come
 * from the route's schemas.
 */
export const routesOf =
  <Table extends AccessTable>(table: Table) =>
  <P extends zod.ZodObject | undefined = undefined, Q extends zod.ZodObject | undefined = undefined, B extends BodyDeclaration | undefined = undefined, A = unknown>(
    call: RouteCall,
    operationId: keyof Table & string,
    { spec, ...declaration }: RouteDeclaration<P, Q, B, A>,
  ): ApiRoute => {
    const [method, pathAndQuery] = call.split(' ');
    const route = {
      ...(declaration as Omit<ApiRoute, 'method' | 'path' | 'operationId' | 'access'>),
      method: method.toLowerCase() as HttpMethod,
      path: pathAndQuery.split('?')[0],
      operationId,
      access: table[operationId],
    };
    return spec === false ? route : { ...route, specCall: call };
  };

/** The Express form of an OpenAPI path template: /offers/{id} → /offers/:id. */
export const expressPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/** The statuses a route can refuse with: its own, 401 unless public, 400 and 413 when its body is read. */
export function refusalsOf(route: ApiRoute): ErrorStatus[] {
  const refusals = new Set<ErrorStatus>(route.refusals ?? []);
  if (route.body?.kind !== 'unread') {
    refusals.add(400);
    refusals.add(413);
  }
  if (route.access.kind !== 'public') refusals.add(401);
  return [...refusals].sort((a, b) => a - b);
}
