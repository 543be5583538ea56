// The OpenAPI 3.1 document of the REST adapter (GET /api/openapi.json), derived
// from the route declarations by @asteasolutions/zod-to-openapi: paths, inputs
// and answers come from each route's zod schemas; refusals, security and the
// spec's call-table row from its access and declaration.
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { apiTags, type DomainRoute } from '../domains';
import { ErrorJson } from './answers';
import { refusalsOf, type Access, type BodyDeclaration, type ErrorStatus } from './route';

const ERROR_ANSWERS: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'BAD_USER_INPUT: malformed JSON, a body that is not an object, a field of the wrong JSON type, a malformed id or e-mail, a repeated query parameter, or a broken rule (fieldErrors names the fields).',
  },
  401: { name: 'Unauthenticated', description: 'UNAUTHENTICATED: no bearer token, or a malformed, invalid or expired one.' },
  403: { name: 'Forbidden', description: 'FORBIDDEN: the caller has no user record yet, has the wrong role, or names someone else’s record or e-mail.' },
  404: { name: 'NotFound', description: 'NOT_FOUND: no such record (or one the caller may not see).' },
  409: { name: 'Conflict', description: 'CONFLICT: the record’s state does not allow this (see the operation’s description).' },
  413: { name: 'PayloadTooLarge', description: 'PAYLOAD_TOO_LARGE: the body is over the limit (1 MB of JSON; MAX_UPLOAD_BYTES for images).' },
  503: { name: 'ServiceUnavailable', description: 'SERVICE_UNAVAILABLE: a service the request needs (the identity provider, the image storage) failed; nothing was changed.' },
};

const errorContent = { 'application/json': { schema: ErrorJson } };

const SECURITY: Record<Access['kind'], RouteConfig['security']> = {
  public: [],
  signedIn: [{ bearerAuth: [] }],
  auth: [{ bearerAuth: [] }],
  stripeSignature: [{ stripeSignature: [] }],
};

function requestBodyOf(body: BodyDeclaration | undefined): NonNullable<RouteConfig['request']>['body'] {
  switch (body?.kind) {
    case 'json':
      return { required: !body.optional, content: { 'application/json': { schema: body.schema } } };
    case 'multipart':
      return { required: true, content: { 'multipart/form-data': { schema: body.schema, encoding: body.encoding } } };
    case 'raw':
      return { required: true, content: { 'application/json': { schema: body.schema } } };
    default:
      return undefined;
  }
}

function operationOf(route: DomainRoute): RouteConfig {
  const responses: Record<string, ResponseConfig | { $ref: string }> = {
    [route.success.status]: { description: route.success.description, headers: route.success.headers, content: { 'application/json': { schema: route.success.schema } } },
  };
  for (const status of refusalsOf(route)) {
    responses[status] =
      route.access.kind === 'stripeSignature' && status === 401
        ? { description: 'UNAUTHENTICATED: the Stripe-Signature header is missing or does not match the body.', content: errorContent }
        : { $ref: `#/components/responses/${ERROR_ANSWERS[status].name}` };
  }
  for (const [status, answer] of Object.entries(route.otherAnswers ?? {})) {
    responses[status] = { description: answer.description, content: { 'application/json': { schema: answer.schema } } };
  }
  const body = requestBodyOf(route.body);
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: SECURITY[route.access.kind],
    request: { params: route.params, query: route.query, ...(body ? { body } : {}) },
    responses,
    ...(route.specCall ? { 'x-spec-call': route.specCall } : {}),
  };
}

export function buildOpenApiDocument(routes: readonly DomainRoute[]) {
  const registry = new OpenAPIRegistry();
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method.toUpperCase()} ${route.path}`;
    if (seen.has(key)) throw new Error(`Route ${key} is declared twice.`);
    seen.add(key);
    registry.registerPath(operationOf(route));
  }
  for (const { name, description } of Object.values(ERROR_ANSWERS)) registry.registerComponent('responses', name, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  registry.register('Error', ErrorJson);
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Firebase ID token (JWT)',
    description: 'A Firebase ID token of the signed-in account (from the Firebase web SDK, or the Auth emulator’s accounts:signInWithPassword).',
  });
  registry.registerComponent('securitySchemes', 'stripeSignature', { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'The payment provider’s HMAC signature of the raw body.' });

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'OpenNest REST API',
      version: '0.1.0',
      description: [
        'The REST compatibility adapter: the calls of the marketplace specification (section 7) under /api, over the same services as GraphQL (/graphql).',
        'Authentication: `Authorization: Bearer <Firebase ID token>`; the role is read from the user record on every request. A caller without a valid token is refused (401) before anything in the request is judged.',
        'Refusals answer `{ message, code, fieldErrors? }` with 400/401/403/404/409/413/503. Request fields marked `x-ignored` are accepted for compatibility and never used: the server owns them.',
        'Amounts are JSON numbers in answers (at most 2 decimals, exact up to 12 digits); requests may send numbers or decimal strings.',
      ].join('\n\n'),
    },
    servers: [{ url: '/api', description: 'This server' }],
    tags: apiTags,
  });
  return { ...document, openapi: '3.1.0' as const, jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base' };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
