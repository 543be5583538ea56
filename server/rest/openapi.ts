// The OpenAPI 3.1 description of the REST adapter under /api (GET /api/openapi.json):
// every row of the spec's call table (section 7) plus uploads, payments, the
// payment webhook, the newsletter and the runtime config. Built in code from one
// table of routes; entities, error answers and parameters are shared components.
// server/rest/contract.test.ts checks every route's answers against it.
import { MONEY_PATTERN } from '@opennest/common/money';
import { IMAGE_URL_PATTERN } from '@opennest/common/validation/common';
import { NAME_MAX_LENGTH } from '@opennest/common/validation/auth';
import { DESCRIPTION_MAX_LENGTH, LOCATION_MAX_LENGTH, TITLE_MAX_LENGTH } from '@opennest/common/validation/property';
import { REVIEW_MAX_LENGTH } from '@opennest/common/validation/review';
import { EMAIL_MAX_LENGTH } from '../shared/ids';
import { httpStatusByCode, type ErrorCode } from '../shared/errors';

// ---------------------------------------------------------------------------
// The subset of OpenAPI 3.1 (and its JSON Schema 2020-12 dialect) used here.

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface SchemaObject {
  $ref?: string;
  type?: JsonType | JsonType[];
  format?: string;
  title?: string;
  description?: string;
  enum?: ReadonlyArray<string | number | boolean | null>;
  const?: string | number | boolean | null;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  unevaluatedProperties?: boolean;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  contentMediaType?: string;
  default?: unknown;
  examples?: unknown[];
  /** Accepted for compatibility with the spec's payloads, never used: the server owns the value. */
  'x-ignored'?: true;
}

interface Reference {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  description?: string;
  schema: SchemaObject;
}

interface HeaderObject {
  description: string;
  schema: SchemaObject;
}

interface MediaTypeObject {
  schema: SchemaObject;
  encoding?: Record<string, { contentType: string }>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

interface RequestBodyObject {
  description?: string;
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

type SecurityRequirement = Record<string, string[]>;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: SecurityRequirement[];
  parameters?: Array<ParameterObject | Reference>;
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | Reference>;
  /** The row of the spec's call table (section 7) this operation serves, as the spec writes it. */
  'x-spec-call'?: string;
}

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, SchemaObject>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, ParameterObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string } | { type: 'apiKey'; in: 'header'; name: string; description: string }>;
  };
}

// ---------------------------------------------------------------------------
// Building blocks.

const schemaRef = (name: SchemaName): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
const parameterRef = (name: keyof typeof parameters): Reference => ({ $ref: `#/components/parameters/${name}` });
const headerRef = (name: keyof typeof headers): Reference => ({ $ref: `#/components/headers/${name}` });

/** Exactly the fields of `schema` (and of the schemas it is composed of): no others. */
const exact = (schema: SchemaObject): SchemaObject => ({ type: 'object', ...schema, unevaluatedProperties: false });
/** An entity with extra answer fields, and nothing else. */
const entityWith = (name: SchemaName, extra: Record<string, SchemaObject>): SchemaObject =>
  exact({ allOf: [schemaRef(name), { type: 'object', required: Object.keys(extra), properties: extra }] });
const listOf = (name: SchemaName): SchemaObject => ({ type: 'array', items: exact(schemaRef(name)) });
const object = (properties: Record<string, SchemaObject>, required: string[] = Object.keys(properties)): SchemaObject => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});
const ignored = (why: string): SchemaObject => ({ description: `Ignored: ${why}`, 'x-ignored': true });

const id: SchemaObject = { type: 'string', format: 'uuid' };
const email: SchemaObject = { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH };
const dateTime: SchemaObject = { type: 'string', format: 'date-time' };
const price: SchemaObject = { type: 'number', minimum: 1, description: 'Dollars, at most 2 decimals (stored exactly as NUMERIC(14,2)).' };
/** An uploaded image (/uploads/...) or an http(s) address; empty means none (required fields say minLength 1). */
const imageUrl: SchemaObject = {
  type: 'string',
  maxLength: 2048,
  pattern: `^$|${IMAGE_URL_PATTERN.source}`,
  description: 'An uploaded image (/uploads/..., see POST /uploads) or an http(s) address; empty or absent keeps the current one.',
};
const amountInput: SchemaObject = {
  type: ['number', 'string'],
  minimum: 0,
  pattern: MONEY_PATTERN.source,
  description: 'A JSON number or a decimal string ("1250000.50"): at most 12 digits and 2 decimals.',
};
const count = (what: string): SchemaObject => ({ type: 'integer', minimum: 0, description: what });

const ROLES = ['user', 'agent', 'admin', 'fraud'] as const;
const PROPERTY_STATUSES = ['pending', 'verified', 'rejected'] as const;
const OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'bought'] as const;
const ERROR_CODES = Object.keys(httpStatusByCode) as ErrorCode[];

// ---------------------------------------------------------------------------
// Entities (spec section 3) and the other shapes the routes answer or accept.

type SchemaName =
  | 'User'
  | 'Property'
  | 'PropertyInfo'
  | 'WishlistItem'
  | 'Offer'
  | 'Review'
  | 'Error'
  | 'ModifiedCount'
  | 'DeletedCount'
  | 'ModifiedWithMessage'
  | 'StoredImage'
  | 'PaymentIntent'
  | 'RuntimeConfig'
  | 'UserRecordInput'
  | 'PropertyFields'
  | 'PropertyInput'
  | 'PropertyUpdateInput'
  | 'StatusDecision'
  | 'RoleAssignment'
  | 'WishlistInput'
  | 'OfferInput'
  | 'MarkPaidInput'
  | 'PaymentIntentInput'
  | 'ReviewInput'
  | 'NewsletterInput'
  | 'UploadInput'
  | 'StripeEvent';

const schemas: Record<SchemaName, SchemaObject> = {
  User: {
    type: 'object',
    description: 'A user record (spec section 3).',
    required: ['_id', 'name', 'email', 'role', 'image', 'created_at', 'last_log_in'],
    properties: {
      _id: id,
      name: { type: 'string' },
      email,
      role: { type: 'string', enum: ROLES },
      image: { type: ['string', 'null'] },
      created_at: dateTime,
      last_log_in: dateTime,
    },
  },
  Property: {
    type: 'object',
    description: 'A property listing (spec section 3). agentName, agentEmail and agentImage come from the agent’s record.',
    required: ['_id', 'title', 'location', 'image', 'priceMin', 'priceMax', 'agentName', 'agentEmail', 'status', 'isAdvertised', 'createdAt', 'updatedAt'],
    properties: {
      _id: id,
      title: { type: 'string' },
      location: { type: 'string' },
      image: { type: 'string' },
      description: { type: 'string', description: 'Absent when none was given.' },
      priceMin: price,
      priceMax: price,
      agentName: { type: 'string' },
      agentEmail: { type: 'string', format: 'email' },
      agentImage: { type: 'string', description: 'Absent when the agent has no photo.' },
      status: { type: 'string', enum: PROPERTY_STATUSES },
      isAdvertised: { type: 'boolean' },
      createdAt: dateTime,
      updatedAt: dateTime,
    },
  },
  PropertyInfo: {
    type: 'object',
    description: 'The wishlisted property as it is now, joined from the property and its agent (never what a client sent).',
    required: ['title', 'image', 'location', 'agentName', 'agentEmail', 'propertyStatus', 'priceMin', 'priceMax'],
    properties: {
      title: { type: 'string' },
      image: { type: 'string' },
      location: { type: 'string' },
      agentName: { type: 'string' },
      agentImage: { type: 'string', description: 'Absent when the agent has no photo.' },
      agentEmail: { type: 'string', format: 'email' },
      propertyStatus: { type: 'string', enum: PROPERTY_STATUSES },
      priceMin: price,
      priceMax: price,
    },
    additionalProperties: false,
  },
  WishlistItem: {
    type: 'object',
    description: 'A wishlist item (spec section 3).',
    required: ['_id', 'userEmail', 'propertyId', 'propertyInfo', 'createdAt'],
    properties: {
      _id: id,
      userEmail: { type: 'string', format: 'email' },
      propertyId: id,
      propertyInfo: schemaRef('PropertyInfo'),
      createdAt: dateTime,
    },
  },
  Offer: {
    type: 'object',
    description: 'An offer (spec section 3). Property, agent and buyer fields come from their records.',
    required: [
      '_id',
      'propertyId',
      'propertyTitle',
      'propertyLocation',
      'propertyImage',
      'agentName',
      'agentEmail',
      'buyerName',
      'buyerEmail',
      'offerAmount',
      'buyingDate',
      'status',
      'createdAt',
    ],
    properties: {
      _id: id,
      propertyId: id,
      propertyTitle: { type: 'string' },
      propertyLocation: { type: 'string' },
      propertyImage: { type: 'string' },
      agentName: { type: 'string' },
      agentEmail: { type: 'string', format: 'email' },
      buyerName: { type: 'string' },
      buyerEmail: { type: 'string', format: 'email' },
      offerAmount: { type: 'number', minimum: 0, description: 'Dollars, at most 2 decimals.' },
      buyingDate: { type: 'string', format: 'date' },
      status: { type: 'string', enum: OFFER_STATUSES },
      transactionId: { type: 'string', description: 'The payment provider’s payment id; present once the offer is bought.' },
      createdAt: dateTime,
    },
  },
  Review: {
    type: 'object',
    description: 'A review (spec section 3). title is the property’s title; reviewer fields come from the reviewer’s record.',
    required: ['_id', 'propertyId', 'userEmail', 'userName', 'title', 'agentName', 'reviewText', 'role', 'createdAt'],
    properties: {
      _id: id,
      propertyId: id,
      userEmail: { type: 'string', format: 'email' },
      userName: { type: 'string' },
      userPhoto: { type: 'string', description: 'Absent when the reviewer has no photo.' },
      title: { type: 'string' },
      agentName: { type: 'string' },
      reviewText: { type: 'string' },
      role: { type: 'string', enum: ROLES },
      createdAt: dateTime,
    },
  },
  Error: {
    type: 'object',
    description: 'Every refusal. code names the kind; fieldErrors maps a body field to the message a form shows under it.',
    required: ['message', 'code'],
    properties: {
      message: { type: 'string' },
      code: { type: 'string', enum: ERROR_CODES },
      fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
    },
    additionalProperties: false,
  },
  ModifiedCount: object({ modifiedCount: { type: 'integer', enum: [0, 1], description: '1 when the change was made (or, for mark-paid, when the offer is bought with this payment).' } }),
  DeletedCount: object({ deletedCount: { type: 'integer', const: 1 } }),
  ModifiedWithMessage: object({ modifiedCount: { type: 'integer', const: 1 }, message: { type: 'string' } }),
  StoredImage: object({
    url: { type: 'string', description: 'The re-encoded WebP image, under /uploads.' },
    thumbnailUrl: { type: 'string', description: 'Its 640x480 thumbnail.' },
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
  }),
  PaymentIntent: object({
    clientSecret: { type: 'string', description: 'For confirming the card payment in the browser.' },
    paymentIntentId: { type: 'string', description: 'The provider’s payment id: the transactionId of PUT /offers/mark-paid/{id}.' },
    amount: { type: 'string', pattern: '^\\d{1,12}\\.\\d{2}$', description: 'The offer’s amount, a decimal string with 2 decimals.' },
    currency: { type: 'string', const: 'usd' },
  }),
  RuntimeConfig: object({
    firebase: object(
      { apiKey: { type: 'string' }, authDomain: { type: 'string' }, projectId: { type: 'string' }, appId: { type: 'string' } },
      ['apiKey', 'authDomain', 'projectId'],
    ),
    authEmulatorUrl: { type: ['string', 'null'], description: 'The Firebase Auth emulator’s URL when the emulator is in use.' },
    maxUploadBytes: { type: 'integer', minimum: 1 },
    payments: {
      oneOf: [
        object({ provider: { type: 'string', const: 'stripe' }, publishableKey: { type: 'string' } }),
        object({ provider: { type: 'string', const: 'local' }, publishableKey: { type: 'string' }, apiUrl: { type: 'string' } }),
      ],
    },
  }),

  // Request bodies. Fields marked x-ignored are accepted (the spec's clients send
  // them) and never used; anything else not listed is ignored too.
  UserRecordInput: {
    type: 'object',
    description: 'Sent after registration and after Google sign-in. Identity and e-mail come from the token; a new record always has role user.',
    properties: {
      name: { type: 'string', maxLength: NAME_MAX_LENGTH, description: 'Kept when absent (a new record takes the token’s name).' },
      image: imageUrl,
      email: { type: 'string', description: 'Optional; if sent, it must be the signed-in account’s e-mail (403 otherwise).' },
      role: ignored('new records are role user; roles change only through PUT /users/role/{id}.'),
      created_at: ignored('set by the server.'),
      last_log_in: ignored('set by the server to now.'),
    },
  },
  PropertyFields: {
    type: 'object',
    description: 'The fields an agent sets. Shared by PropertyInput and PropertyUpdateInput.',
    properties: {
      title: { type: 'string', minLength: 1, maxLength: TITLE_MAX_LENGTH },
      location: { type: 'string', minLength: 1, maxLength: LOCATION_MAX_LENGTH },
      image: imageUrl,
      description: { type: 'string', maxLength: DESCRIPTION_MAX_LENGTH },
      priceMin: { ...amountInput, description: `${amountInput.description} At least 1.` },
      priceMax: { ...amountInput, description: `${amountInput.description} At least priceMin (and 1).` },
      agentName: ignored('the agent is the caller.'),
      agentEmail: ignored('the agent is the caller.'),
      agentImage: ignored('the agent is the caller.'),
      status: ignored('new properties are pending; an update keeps the status; admins decide through PUT /properties/status/{id}.'),
      isAdvertised: ignored('only admins advertise, through PATCH /properties/advertise/{id}.'),
      createdAt: ignored('set by the server.'),
      updatedAt: ignored('set by the server.'),
    },
  },
  PropertyInput: {
    type: 'object',
    allOf: [schemaRef('PropertyFields')],
    required: ['title', 'location', 'image', 'priceMin', 'priceMax'],
    properties: { image: { type: 'string', minLength: 1, description: 'Required for a new listing.' } },
  },
  PropertyUpdateInput: {
    type: 'object',
    allOf: [schemaRef('PropertyFields')],
    required: ['title', 'location', 'priceMin', 'priceMax'],
    description: 'image is optional: without it the current image is kept.',
  },
  StatusDecision: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['verified', 'rejected'] } } },
  RoleAssignment: { type: 'object', required: ['role'], properties: { role: { type: 'string', enum: ['admin', 'agent'] } } },
  WishlistInput: {
    type: 'object',
    required: ['propertyId'],
    properties: {
      propertyId: id,
      userEmail: { type: 'string', description: 'Optional; if sent, it must be the caller’s own e-mail (403 otherwise).' },
      propertyInfo: ignored('joined from the property as it is now.'),
    },
  },
  OfferInput: {
    type: 'object',
    required: ['propertyId', 'offerAmount', 'buyingDate'],
    properties: {
      propertyId: id,
      offerAmount: { ...amountInput, description: `${amountInput.description} Within the property’s current priceMin..priceMax, inclusive.` },
      buyingDate: { type: 'string', description: 'YYYY-MM-DD (a longer ISO date-time is cut to its date), not in the past.', examples: ['2030-01-31'] },
      buyerEmail: { type: 'string', description: 'Optional; if sent, it must be the caller’s own e-mail (403 otherwise).' },
      propertyTitle: ignored('joined from the property.'),
      propertyLocation: ignored('joined from the property.'),
      propertyImage: ignored('joined from the property.'),
      agentName: ignored('joined from the property’s agent.'),
      agentEmail: ignored('joined from the property’s agent.'),
      buyerName: ignored('the buyer is the caller.'),
      status: ignored('new offers are pending.'),
      transactionId: ignored('set only by a confirmed payment.'),
    },
  },
  MarkPaidInput: {
    type: 'object',
    required: ['transactionId'],
    properties: {
      transactionId: { type: 'string', pattern: '^[\\w-]{3,255}$', description: 'The paymentIntentId of POST /create-payment-intent; the server asks the provider whether it succeeded, for this offer and amount.' },
      status: ignored('the offer becomes bought only through a confirmed payment.'),
    },
  },
  PaymentIntentInput: {
    type: 'object',
    required: ['offerId'],
    properties: {
      offerId: { ...id, description: 'The caller’s accepted offer; the amount is taken from it.' },
      amount: { ...amountInput, description: 'Optional (the spec’s payload); if sent, it must equal the offer’s amount (400 otherwise).' },
    },
  },
  ReviewInput: {
    type: 'object',
    required: ['propertyId', 'reviewText'],
    properties: {
      propertyId: id,
      reviewText: { type: 'string', minLength: 1, maxLength: REVIEW_MAX_LENGTH },
      userEmail: { type: 'string', description: 'Optional; if sent, it must be the caller’s own e-mail (403 otherwise).' },
      userName: ignored('from the reviewer’s record.'),
      userPhoto: ignored('from the reviewer’s record.'),
      title: ignored('the property’s title.'),
      agentName: ignored('from the property’s agent.'),
      role: ignored('the reviewer’s role.'),
      createdAt: ignored('set by the server.'),
    },
  },
  NewsletterInput: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', minLength: 1, description: `An e-mail address of at most ${EMAIL_MAX_LENGTH} characters; surrounding spaces are trimmed and it is stored lower-cased.` } },
  },
  UploadInput: {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'One JPEG, PNG, WebP or GIF image (judged by its bytes).' },
      upload_preset: ignored('images are stored by the server’s own storage.'),
    },
  },
  StripeEvent: {
    type: 'object',
    description: 'A Stripe event, signed by the provider. payment_intent.succeeded marks the paid offer bought; other events are acknowledged and ignored.',
    required: ['type'],
    properties: { id: { type: 'string' }, type: { type: 'string' }, data: { type: 'object', properties: { object: { type: 'object' } } } },
  },
};

// ---------------------------------------------------------------------------
// Shared parameters, headers and error answers.

const parameters = {
  RecordId: { name: 'id', in: 'path', required: true, description: 'A record id (UUID). Anything else is a 400; an unknown one a 404.', schema: id },
  PropertyIdPath: { name: 'propertyId', in: 'path', required: true, description: 'A property id (UUID). Anything else is a 400; an unknown one a 404.', schema: id },
  EmailPath: { name: 'email', in: 'path', required: true, description: 'An account’s e-mail (any case). Something that is not an address is a 400.', schema: email },
  EmailQuery: { name: 'email', in: 'query', required: true, description: 'An account’s e-mail (any case); once. Something that is not an address is a 400.', schema: email },
  Cursor: { name: 'cursor', in: 'query', description: 'The X-Next-Cursor of the previous page; once.', schema: { type: 'string' } },
} satisfies Record<string, ParameterObject>;

const headers = {
  NextCursor: { description: 'Present when there is a next page: send it back as ?cursor=.', schema: { type: 'string' } },
  TotalSold: { description: 'The exact sum of the listed offers, a decimal string with 2 decimals.', schema: { type: 'string', pattern: '^\\d+\\.\\d{2}$' } },
} satisfies Record<string, HeaderObject>;

const limit = (fallback: number, max: number): ParameterObject => ({
  name: 'limit',
  in: 'query',
  description: `How many (default ${fallback}); once.`,
  schema: { type: 'integer', minimum: 1, maximum: max, default: fallback },
});

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 503;

const errorResponses: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'BAD_USER_INPUT: malformed JSON, a body that is not an object, a field of the wrong JSON type, a malformed id or e-mail, a repeated query parameter, or a broken rule (fieldErrors names the fields).',
  },
  401: { name: 'Unauthenticated', description: 'UNAUTHENTICATED: no bearer token, or a malformed, invalid or expired one.' },
  403: {
    name: 'Forbidden',
    description: 'FORBIDDEN: the caller has no user record yet, has the wrong role, or names someone else’s record or e-mail.',
  },
  404: { name: 'NotFound', description: 'NOT_FOUND: no such record (or one the caller may not see).' },
  409: { name: 'Conflict', description: 'CONFLICT: the record’s state does not allow this (see the operation’s description).' },
  413: { name: 'PayloadTooLarge', description: 'PAYLOAD_TOO_LARGE: the body is over the limit (1 MB of JSON; MAX_UPLOAD_BYTES for images).' },
  503: { name: 'ServiceUnavailable', description: 'SERVICE_UNAVAILABLE: the identity provider failed; nothing was changed.' },
};

const errorContent = { 'application/json': { schema: schemaRef('Error') } };
const responses: Record<string, ResponseObject> = Object.fromEntries(
  Object.values(errorResponses).map(({ name, description }) => [name, { description, content: errorContent }]),
);

// ---------------------------------------------------------------------------
// The routes.

type Auth = 'bearer' | 'public' | 'stripe-signature';

interface Route {
  method: HttpMethod;
  /** Under the server URL /api, in OpenAPI's template form. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'users' | 'properties' | 'wishlist' | 'offers' | 'payments' | 'reviews' | 'newsletter' | 'uploads' | 'meta';
  auth: Auth;
  /** The spec's call-table row, as the spec writes it. */
  specCall?: string;
  parameters?: Array<ParameterObject | Reference>;
  body?: { schema: SchemaObject; mediaType?: 'application/json' | 'multipart/form-data'; required?: boolean; encoding?: MediaTypeObject['encoding'] };
  success: { status: 200 | 201; description: string; schema: SchemaObject; headers?: Record<string, Reference> };
  /** Refusals besides the ones every route behind the JSON parser (400, 413) or the bearer check (401) can give. */
  errors?: ErrorStatus[];
  /** Served before the JSON body parser (no 400 for malformed JSON, no 413). */
  beforeJsonParser?: true;
  /** Extra answers that are not refusals of the caller. */
  otherResponses?: Record<string, ResponseObject>;
}

const ownOrAdmin = 'One’s own e-mail, or anyone’s for an admin (403 otherwise).';

const routes: Route[] = [
  // --- users
  {
    method: 'post',
    path: '/users',
    operationId: 'recordSignIn',
    summary: 'Create or refresh the caller’s user record',
    description: 'Needs a valid token but no record yet. Only name and image are taken from the body. 409 when the e-mail belongs to another live account.',
    tag: 'users',
    auth: 'bearer',
    specCall: 'POST /users',
    body: { schema: schemaRef('UserRecordInput'), required: false },
    success: { status: 200, description: 'The caller’s record.', schema: exact(schemaRef('User')) },
    errors: [403, 409],
  },
  {
    method: 'get',
    path: '/users/role/{email}',
    operationId: 'getRoleByEmail',
    summary: 'The role of an account',
    description: `${ownOrAdmin} 404 when no account has the e-mail (admins).`,
    tag: 'users',
    auth: 'bearer',
    specCall: 'GET /users/role/{email}',
    parameters: [parameterRef('EmailPath')],
    success: { status: 200, description: 'The role.', schema: object({ role: { type: 'string', enum: ROLES } }) },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/users',
    operationId: 'listUsers',
    summary: 'Every user record, newest first (admins)',
    tag: 'users',
    auth: 'bearer',
    specCall: 'GET /users',
    parameters: [parameterRef('Cursor')],
    success: { status: 200, description: 'Up to 1000 records.', schema: listOf('User'), headers: { 'X-Next-Cursor': headerRef('NextCursor') } },
    errors: [403],
  },
  {
    method: 'put',
    path: '/users/role/{id}',
    operationId: 'setUserRole',
    summary: 'Make an account an admin or an agent (admins)',
    description: 'Not one’s own role (403). 409 for a fraud account, or when it would leave no admin.',
    tag: 'users',
    auth: 'bearer',
    specCall: 'PUT /users/role/{id}',
    parameters: [parameterRef('RecordId')],
    body: { schema: schemaRef('RoleAssignment') },
    success: { status: 200, description: 'Changed.', schema: exact(schemaRef('ModifiedCount')) },
    errors: [403, 404, 409],
  },
  {
    method: 'put',
    path: '/users/fraud/{id}',
    operationId: 'markFraud',
    summary: 'Mark an agent as fraud (admins)',
    description: 'Their listings are hidden from buyers and the pending offers on them rejected. 409 unless the account is an agent.',
    tag: 'users',
    auth: 'bearer',
    specCall: 'PUT /users/fraud/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Marked; message says what happened.', schema: exact(schemaRef('ModifiedWithMessage')) },
    errors: [403, 404, 409],
  },
  {
    method: 'delete',
    path: '/users/{id}',
    operationId: 'deleteUser',
    summary: 'Delete an account and its sign-in account (admins)',
    description:
      'Not one’s own (403). ?email=, if sent, must be the account’s (400 otherwise). 409 while the account has accepted or bought offers, or when it would leave no admin. 503 when the identity provider fails (nothing changed).',
    tag: 'users',
    auth: 'bearer',
    specCall: 'DELETE /users/{id}?email={email}',
    parameters: [parameterRef('RecordId'), { name: 'email', in: 'query', description: 'The account’s e-mail (optional check); once.', schema: { type: 'string' } }],
    success: { status: 200, description: 'Deleted.', schema: exact(schemaRef('DeletedCount')) },
    errors: [403, 404, 409, 503],
  },

  // --- properties
  {
    method: 'post',
    path: '/properties',
    operationId: 'addProperty',
    summary: 'Add a listing (agents)',
    description: 'Created pending, not advertised, owned by the caller. Status, agent and dates in the body are ignored.',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'POST /properties',
    body: { schema: schemaRef('PropertyInput') },
    success: { status: 201, description: 'The new listing and its id.', schema: entityWith('Property', { insertedId: id }) },
    errors: [403],
  },
  {
    method: 'get',
    path: '/properties',
    operationId: 'listPropertiesByAgent',
    summary: 'An agent’s live listings, newest first',
    description: ownOrAdmin,
    tag: 'properties',
    auth: 'bearer',
    specCall: 'GET /properties?email={email}',
    parameters: [parameterRef('EmailQuery')],
    success: { status: 200, description: 'The listings.', schema: listOf('Property') },
    errors: [403],
  },
  {
    method: 'get',
    path: '/properties/verified',
    operationId: 'listVerifiedProperties',
    summary: 'Verified listings: searched by location, sorted, paged',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'GET /properties/verified',
    parameters: [
      { name: 'search', in: 'query', description: 'Case-insensitive substring of the location (at most 100 characters); once.', schema: { type: 'string', maxLength: 100 } },
      { name: 'location', in: 'query', description: 'Same as search (used when search is absent); once.', schema: { type: 'string', maxLength: 100 } },
      { name: 'sort', in: 'query', description: 'newest (default), asc/price-asc or desc/price-desc by priceMin; once.', schema: { type: 'string', enum: ['newest', 'asc', 'price-asc', 'desc', 'price-desc'] } },
      limit(24, 48),
      parameterRef('Cursor'),
    ],
    success: { status: 200, description: 'One page.', schema: listOf('Property'), headers: { 'X-Next-Cursor': headerRef('NextCursor') } },
    errors: [403],
  },
  {
    method: 'get',
    path: '/properties/advertised',
    operationId: 'listAdvertisedProperties',
    summary: 'Advertised listings for the home page, newest first (no sign-in)',
    tag: 'properties',
    auth: 'public',
    specCall: 'GET /properties/advertised',
    parameters: [limit(12, 24)],
    success: { status: 200, description: 'The listings.', schema: listOf('Property') },
  },
  {
    method: 'get',
    path: '/all-properties',
    operationId: 'listAllProperties',
    summary: 'Every live listing, newest first (admins)',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'GET /all-properties',
    parameters: [
      { name: 'status', in: 'query', description: 'Only this status; once.', schema: { type: 'string', enum: PROPERTY_STATUSES } },
      limit(1000, 1000),
      parameterRef('Cursor'),
    ],
    success: { status: 200, description: 'One page.', schema: listOf('Property'), headers: { 'X-Next-Cursor': headerRef('NextCursor') } },
    errors: [403],
  },
  {
    method: 'patch',
    path: '/properties/advertise/{id}',
    operationId: 'advertiseProperty',
    summary: 'Advertise a verified listing (admins)',
    description: '409 when the listing is not verified or already advertised. There is no way back.',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'PATCH /properties/advertise/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Advertised; message is the dialog text.', schema: exact(schemaRef('ModifiedWithMessage')) },
    errors: [403, 404, 409],
  },
  {
    method: 'put',
    path: '/properties/status/{id}',
    operationId: 'reviewProperty',
    summary: 'Verify or reject a pending listing (admins)',
    description: '409 unless the listing is pending.',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'PUT /properties/status/{id}',
    parameters: [parameterRef('RecordId')],
    body: { schema: schemaRef('StatusDecision') },
    success: { status: 200, description: 'Changed.', schema: exact(schemaRef('ModifiedCount')) },
    errors: [403, 404, 409],
  },
  {
    method: 'get',
    path: '/properties/{id}',
    operationId: 'getProperty',
    summary: 'One listing',
    description: 'Verified listings for everyone signed in; others only for their agent and admins (404 for anyone else, as if missing).',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'GET /properties/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'The listing.', schema: exact(schemaRef('Property')) },
    errors: [403, 404],
  },
  {
    method: 'put',
    path: '/properties/{id}',
    operationId: 'updateProperty',
    summary: 'Edit one’s own listing (agents)',
    description: 'The status is kept; status, agent and dates in the body are ignored. 409 for a rejected listing.',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'PUT /properties/{id}',
    parameters: [parameterRef('RecordId')],
    body: { schema: schemaRef('PropertyUpdateInput') },
    success: { status: 200, description: 'The listing as stored now.', schema: entityWith('Property', { modifiedCount: { type: 'integer', const: 1 } }) },
    errors: [403, 404, 409],
  },
  {
    method: 'delete',
    path: '/properties/{id}',
    operationId: 'deleteProperty',
    summary: 'Remove one’s own listing (agents)',
    description: 'Its pending offers are rejected and its wishlist entries removed. 409 while an offer on it is accepted or bought.',
    tag: 'properties',
    auth: 'bearer',
    specCall: 'DELETE /properties/{id}',
    parameters: [parameterRef('RecordId')],
    success: {
      status: 200,
      description: 'Removed.',
      schema: object({ deletedCount: { type: 'integer', const: 1 }, rejectedOfferCount: count('Pending offers rejected.'), removedWishlistItemCount: count('Wishlist entries removed.') }),
    },
    errors: [403, 404, 409],
  },

  // --- reviews
  {
    method: 'post',
    path: '/reviews',
    operationId: 'addReview',
    summary: 'Review a verified listing (users)',
    description: 'Only propertyId and reviewText are used; the reviewer is the caller.',
    tag: 'reviews',
    auth: 'bearer',
    specCall: 'POST /reviews',
    body: { schema: schemaRef('ReviewInput') },
    success: { status: 201, description: 'The review and its id.', schema: entityWith('Review', { insertedId: id }) },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/reviews/latest',
    operationId: 'listLatestReviews',
    summary: 'The newest reviews of visible listings (no sign-in)',
    tag: 'reviews',
    auth: 'public',
    specCall: 'GET /reviews/latest',
    parameters: [limit(6, 24)],
    success: { status: 200, description: 'The reviews.', schema: listOf('Review') },
  },
  {
    method: 'get',
    path: '/reviews/{propertyId}',
    operationId: 'listPropertyReviews',
    summary: 'A listing’s reviews, newest first',
    description: 'For anyone who may see the listing (404 otherwise).',
    tag: 'reviews',
    auth: 'bearer',
    specCall: 'GET /reviews/{propertyId}',
    parameters: [parameterRef('PropertyIdPath')],
    success: { status: 200, description: 'The reviews.', schema: listOf('Review') },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/my-reviews/{email}',
    operationId: 'listReviewsByEmail',
    summary: 'An account’s reviews, newest first',
    description: ownOrAdmin,
    tag: 'reviews',
    auth: 'bearer',
    specCall: 'GET /my-reviews/{email}',
    parameters: [parameterRef('EmailPath')],
    success: { status: 200, description: 'The reviews.', schema: listOf('Review') },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/reviews/{id}',
    operationId: 'deleteReview',
    summary: 'Delete a review (its author, or an admin)',
    tag: 'reviews',
    auth: 'bearer',
    specCall: 'DELETE /reviews/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Deleted.', schema: exact(schemaRef('DeletedCount')) },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/admin/reviews',
    operationId: 'listAllReviews',
    summary: 'Every review, newest first (admins)',
    tag: 'reviews',
    auth: 'bearer',
    specCall: 'GET /admin/reviews',
    parameters: [parameterRef('Cursor')],
    success: { status: 200, description: 'Up to 1000 reviews.', schema: listOf('Review'), headers: { 'X-Next-Cursor': headerRef('NextCursor') } },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/admin/reviews/{id}',
    operationId: 'adminDeleteReview',
    summary: 'Delete any review (admins)',
    tag: 'reviews',
    auth: 'bearer',
    specCall: 'DELETE /admin/reviews/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Deleted.', schema: exact(schemaRef('DeletedCount')) },
    errors: [403, 404],
  },

  // --- wishlist
  {
    method: 'post',
    path: '/wishlist',
    operationId: 'addToWishlist',
    summary: 'Wishlist a verified listing (users)',
    description: 'Only propertyId is used; the owner is the caller. 409 when it is already in the wishlist.',
    tag: 'wishlist',
    auth: 'bearer',
    specCall: 'POST /wishlist',
    body: { schema: schemaRef('WishlistInput') },
    success: { status: 201, description: 'The item and its id.', schema: entityWith('WishlistItem', { insertedId: id }) },
    errors: [403, 404, 409],
  },
  {
    method: 'get',
    path: '/wishlist',
    operationId: 'listWishlist',
    summary: 'An account’s wishlist, newest first',
    description: ownOrAdmin,
    tag: 'wishlist',
    auth: 'bearer',
    specCall: 'GET /wishlist?email={email}',
    parameters: [parameterRef('EmailQuery')],
    success: { status: 200, description: 'The items (of listings still visible).', schema: listOf('WishlistItem') },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/wishlist/{id}',
    operationId: 'removeFromWishlist',
    summary: 'Remove one’s own wishlist item (users)',
    tag: 'wishlist',
    auth: 'bearer',
    specCall: 'DELETE /wishlist/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Removed.', schema: exact(schemaRef('DeletedCount')) },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/wishlist-item/{id}',
    operationId: 'getWishlistItem',
    summary: 'One’s own wishlist item, for the make-offer page (users)',
    tag: 'wishlist',
    auth: 'bearer',
    specCall: 'GET /wishlist-item/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'The item.', schema: object({ _id: id, propertyId: id, propertyInfo: schemaRef('PropertyInfo') }) },
    errors: [403, 404],
  },

  // --- offers
  {
    method: 'post',
    path: '/offers',
    operationId: 'makeOffer',
    summary: 'Offer on a verified listing (users)',
    description:
      'Only propertyId, offerAmount and buyingDate are used; the buyer is the caller. 409 when the caller has an open offer on the listing or it has an accepted one.',
    tag: 'offers',
    auth: 'bearer',
    specCall: 'POST /offers',
    body: { schema: schemaRef('OfferInput') },
    success: { status: 201, description: 'The offer, its id as offerId (and insertedId).', schema: entityWith('Offer', { offerId: id, insertedId: id }) },
    errors: [403, 404, 409],
  },
  {
    method: 'get',
    path: '/offers/agent/{email}',
    operationId: 'listOffersByAgent',
    summary: 'Offers on an agent’s listings, newest first',
    description: ownOrAdmin,
    tag: 'offers',
    auth: 'bearer',
    specCall: 'GET /offers/agent/{email}',
    parameters: [parameterRef('EmailPath')],
    success: { status: 200, description: 'The offers.', schema: listOf('Offer') },
    errors: [403],
  },
  {
    method: 'get',
    path: '/offers/user',
    operationId: 'listOffersByBuyer',
    summary: 'A buyer’s offers, newest first',
    description: ownOrAdmin,
    tag: 'offers',
    auth: 'bearer',
    specCall: 'GET /offers/user?email={email}',
    parameters: [parameterRef('EmailQuery')],
    success: { status: 200, description: 'The offers.', schema: listOf('Offer') },
    errors: [403],
  },
  {
    method: 'get',
    path: '/offers/{id}',
    operationId: 'getOffer',
    summary: 'One offer (its buyer, its agent, admins)',
    tag: 'offers',
    auth: 'bearer',
    specCall: 'GET /offers/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'The offer.', schema: exact(schemaRef('Offer')) },
    errors: [403, 404],
  },
  {
    method: 'put',
    path: '/offers/accept/{id}',
    operationId: 'acceptOffer',
    summary: 'Accept a pending offer on one’s own listing (agents)',
    description: 'Every other pending offer on the listing is rejected. 409 unless pending, when another offer is accepted, or the listing was removed.',
    tag: 'offers',
    auth: 'bearer',
    specCall: 'PUT /offers/accept/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Accepted.', schema: exact(schemaRef('ModifiedCount')) },
    errors: [403, 404, 409],
  },
  {
    method: 'put',
    path: '/offers/reject/{id}',
    operationId: 'rejectOffer',
    summary: 'Reject a pending offer on one’s own listing (agents)',
    description: '409 unless pending.',
    tag: 'offers',
    auth: 'bearer',
    specCall: 'PUT /offers/reject/{id}',
    parameters: [parameterRef('RecordId')],
    success: { status: 200, description: 'Rejected.', schema: exact(schemaRef('ModifiedCount')) },
    errors: [403, 404, 409],
  },
  {
    method: 'put',
    path: '/offers/mark-paid/{id}',
    operationId: 'markOfferPaid',
    summary: 'Record the payment of one’s own accepted offer (users)',
    description:
      'The server asks the provider whether the payment succeeded, for this offer and its exact amount. modifiedCount is 1 whoever recorded it first (this call or the webhook). 400 when the provider does not know the payment; 409 when it has not succeeded, belongs to another offer or amount, or the offer is not payable.',
    tag: 'offers',
    auth: 'bearer',
    specCall: 'PUT /offers/mark-paid/{id}',
    parameters: [parameterRef('RecordId')],
    body: { schema: schemaRef('MarkPaidInput') },
    success: { status: 200, description: 'Bought.', schema: exact(schemaRef('ModifiedCount')) },
    errors: [403, 404, 409],
  },
  {
    method: 'get',
    path: '/sold-properties/{email}',
    operationId: 'listSoldByAgent',
    summary: 'An agent’s bought offers, newest first, and their exact total',
    description: ownOrAdmin,
    tag: 'offers',
    auth: 'bearer',
    specCall: 'GET /sold-properties/{email}',
    parameters: [parameterRef('EmailPath')],
    success: { status: 200, description: 'The bought offers.', schema: listOf('Offer'), headers: { 'X-Total-Sold': headerRef('TotalSold') } },
    errors: [403],
  },

  // --- payments
  {
    method: 'post',
    path: '/create-payment-intent',
    operationId: 'createPaymentIntent',
    summary: 'Start (or resume) the card payment of one’s own accepted offer (users)',
    description:
      'The amount is the offer’s; the spec’s amount, if sent, must match it (400). 409 when the offer is not accepted, already paid, or above the card limit.',
    tag: 'payments',
    auth: 'bearer',
    specCall: 'POST /create-payment-intent',
    body: { schema: schemaRef('PaymentIntentInput') },
    success: { status: 200, description: 'The payment to confirm in the browser.', schema: exact(schemaRef('PaymentIntent')) },
    errors: [403, 404, 409],
  },
  {
    method: 'post',
    path: '/stripe/webhook',
    operationId: 'stripeWebhook',
    summary: 'The payment provider’s signed events',
    description:
      'Verified with the Stripe-Signature header over the raw body (401 otherwise, and nothing changes). A signed body that is not an event is a 400. payment_intent.succeeded marks the paid offer bought (after asking the provider); events that cannot apply are acknowledged and logged.',
    tag: 'payments',
    auth: 'stripe-signature',
    beforeJsonParser: true,
    body: { schema: schemaRef('StripeEvent') },
    success: { status: 200, description: 'Received.', schema: object({ received: { type: 'boolean', const: true } }) },
    errors: [400, 413],
    otherResponses: {
      500: { description: 'The provider could not be asked about the payment; it retries the event later.', content: { 'application/json': { schema: { type: 'object' } } } },
    },
  },

  // --- uploads, newsletter, meta
  {
    method: 'post',
    path: '/uploads',
    operationId: 'uploadImage',
    summary: 'Upload an image (any signed-in caller, record or not)',
    description: 'Re-encoded to WebP (metadata stripped) with a thumbnail. 400 when the file is missing, not an image or damaged; 413 over MAX_UPLOAD_BYTES.',
    tag: 'uploads',
    auth: 'bearer',
    body: { schema: schemaRef('UploadInput'), mediaType: 'multipart/form-data', encoding: { file: { contentType: 'image/jpeg, image/png, image/webp, image/gif' } } },
    success: { status: 201, description: 'Where the image and its thumbnail are served.', schema: exact(schemaRef('StoredImage')) },
  },
  {
    method: 'post',
    path: '/newsletter',
    operationId: 'subscribeNewsletter',
    summary: 'Subscribe an e-mail to the newsletter (no sign-in)',
    description: 'Stored trimmed and lower-cased; subscribing twice is harmless.',
    tag: 'newsletter',
    auth: 'public',
    body: { schema: schemaRef('NewsletterInput') },
    success: { status: 201, description: 'Subscribed.', schema: object({ email }) },
  },
  {
    method: 'get',
    path: '/config',
    operationId: 'getRuntimeConfig',
    summary: 'What the browser needs at start-up (no sign-in)',
    tag: 'meta',
    auth: 'public',
    beforeJsonParser: true,
    success: { status: 200, description: 'The runtime configuration.', schema: schemaRef('RuntimeConfig') },
  },
  {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document (no sign-in)',
    tag: 'meta',
    auth: 'public',
    beforeJsonParser: true,
    success: {
      status: 200,
      description: 'The OpenAPI 3.1 document.',
      schema: { type: 'object', required: ['openapi', 'info', 'paths', 'components'], properties: { openapi: { type: 'string', const: '3.1.0' } } },
    },
  },
];

const SECURITY: Record<Auth, SecurityRequirement[]> = {
  bearer: [{ bearerAuth: [] }],
  public: [],
  'stripe-signature': [{ stripeSignature: [] }],
};

function operationOf(route: Route): OperationObject {
  const refusals = new Set<ErrorStatus>(route.errors ?? []);
  if (!route.beforeJsonParser) {
    refusals.add(400);
    refusals.add(413);
  }
  if (route.auth !== 'public') refusals.add(401);
  const answers: Record<string, ResponseObject | Reference> = {
    [route.success.status]: {
      description: route.success.description,
      ...(route.success.headers ? { headers: route.success.headers } : {}),
      content: { 'application/json': { schema: route.success.schema } },
    },
  };
  for (const status of [...refusals].sort((a, b) => a - b)) {
    answers[status] =
      route.auth === 'stripe-signature' && status === 401
        ? { description: 'UNAUTHENTICATED: the Stripe-Signature header is missing or does not match the body.', content: errorContent }
        : { $ref: `#/components/responses/${errorResponses[status].name}` };
  }
  Object.assign(answers, route.otherResponses);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: SECURITY[route.auth],
    ...(route.parameters ? { parameters: route.parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: route.body.required ?? true,
            content: { [route.body.mediaType ?? 'application/json']: { schema: route.body.schema, ...(route.body.encoding ? { encoding: route.body.encoding } : {}) } },
          },
        }
      : {}),
    responses: answers,
    ...(route.specCall ? { 'x-spec-call': route.specCall } : {}),
  };
}

function buildDocument(): OpenApiDocument {
  const paths: Record<string, PathItemObject> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`Route ${route.method.toUpperCase()} ${route.path} is described twice.`);
    item[route.method] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'OpenNest REST API',
      version: '0.1.0',
      description: [
        'The REST compatibility adapter: the calls of the marketplace specification (section 7) under /api, over the same services as GraphQL (/graphql).',
        'Authentication: `Authorization: Bearer <Firebase ID token>`; the role is read from the user record on every request.',
        'Refusals answer `{ message, code, fieldErrors? }` with 400/401/403/404/409/413/503. Request fields marked `x-ignored` are accepted for compatibility and never used: the server owns them.',
        'Amounts are JSON numbers in answers (at most 2 decimals, exact up to 12 digits); requests may send numbers or decimal strings.',
      ].join('\n\n'),
    },
    servers: [{ url: '/api', description: 'This server' }],
    tags: [
      { name: 'users', description: 'User records, roles and administration' },
      { name: 'properties', description: 'Listings' },
      { name: 'wishlist', description: 'Buyers’ wishlists' },
      { name: 'offers', description: 'Offers and sales' },
      { name: 'payments', description: 'Card payments for accepted offers' },
      { name: 'reviews', description: 'Reviews' },
      { name: 'newsletter', description: 'Newsletter sign-up' },
      { name: 'uploads', description: 'Image uploads' },
      { name: 'meta', description: 'Runtime configuration and this document' },
    ],
    paths,
    components: {
      schemas,
      responses,
      parameters,
      headers,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'Firebase ID token (JWT)',
          description: 'A Firebase ID token of the signed-in account (from the Firebase web SDK, or the Auth emulator’s accounts:signInWithPassword).',
        },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'The payment provider’s HMAC signature of the raw body.' },
      },
    },
  };
}

/** The document GET /api/openapi.json serves. */
export const openApiDocument: OpenApiDocument = buildDocument();
