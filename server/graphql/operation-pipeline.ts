// One GraphQL pipeline for both transports: POST /graphql (Apollo, apollo.ts) and
// subscriptions over WebSocket (graphql-ws, websocket.ts). Whatever carries an
// operation, it is parsed with the same token limit, validated with the same
// rules (graphql-armor's depth, cost, alias and directive limits included),
// refused with the same error codes (Apollo's GRAPHQL_PARSE_FAILED,
// GRAPHQL_VALIDATION_FAILED, BAD_USER_INPUT, ...), counted against the same
// rate-limit class and key, formatted and masked the same way, and logged on the
// same line at the same levels: a caller's mistake is never INTERNAL_SERVER_ERROR
// and never logged at error level.
import { unwrapResolverError, ApolloServerErrorCode } from '@apollo/server/errors';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import type { RequestContext } from '../context/request-context';
import { storageProblemOf } from '../db/storable-arguments';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../infra/logger';
import { callerKey, countsPerIp, GRAPHQL_COST_PER_POINT, type RateLimitClass, type RateLimits } from '../rate-limits/rate-limits';
import { ACCESS } from '../domains';
import { appErrorOfDatabaseError } from '../db/constraint-meanings';
import { graphqlExtensionsOf } from '../rest/errors';
import { httpStatusByCode, isAppError, type AppError } from '../shared/errors';

export const MAX_TOKENS = 2000;
/**
 * graphql-armor's depth limit, counted in fields: a fragment spread is not a level
 * (unflattened, each spread counted twice, and a paged list's `nodes` pushed the
 * wishlist past 10). client-documents.unit.test.ts holds the app's own queries to it.
 */
export const DEPTH_LIMIT = { n: 10, flattenFragments: true };

/** Each validated document's cost (graphql-armor's cost analysis), for the `graphql` rate limit's weights. */
const operationCosts = new WeakMap<DocumentNode, number>();

/** The same limits for every transport (HTTP through Apollo, WebSocket through graphql-ws). */
export function createArmorProtection() {
  const armor = new ApolloArmor({
    maxDepth: DEPTH_LIMIT,
    costLimit: {
      maxCost: 5000,
      onAccept: [(context, details: { n?: number }) => void (context && typeof details?.n === 'number' && operationCosts.set(context.getDocument(), details.n))],
    },
    maxAliases: { n: 15 },
    maxDirectives: { n: 20 },
    // graphql-armor's token limit re-parses the document in a plugin hook, so any
    // syntax error there became a 500; graphql-js enforces the limit while parsing
    // instead (parseOptions below), and syntax errors answer GRAPHQL_PARSE_FAILED.
    maxTokens: { enabled: false },
    // Apollo's hideSchemaDetailsFromClientErrors (below) removes the hints cleanly.
    blockFieldSuggestion: { enabled: false },
  });
  return armor.protect();
}

// ---------------------------------------------------------------------------
// Errors

/** Callers see typed, stack-free errors; unexpected ones are logged and masked. */
export function formatError(formatted: GraphQLFormattedError, error: unknown, log: Logger): GraphQLFormattedError {
  const original = appErrorOf(error);
  if (original) {
    // Refused by the database client's own check: an input no rule before it caught (worth a rule with its own message).
    const storageProblem = storageProblemOf(original);
    if (storageProblem) log.warn({ storageProblem }, 'unstorable value refused before the query');
    return { message: original.message, locations: formatted.locations, path: formatted.path, extensions: graphqlExtensionsOf(original) };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    // Parse/validation/variable errors: already safe and useful to the caller.
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  // Refusals Apollo gives before any operation runs with a 4xx and no code (an
  // automatic persisted query whose hash is not its document's): the caller's mistake.
  const httpStatus = (error instanceof GraphQLError ? (error.extensions?.http as { status?: number } | undefined)?.status : undefined) ?? 0;
  if (httpStatus >= 400 && httpStatus < 500) return { message: formatted.message, extensions: { code: 'BAD_REQUEST' } };
  log.error({ err: unwrapResolverError(error) }, 'unexpected GraphQL error');
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/**
 * The AppError a resolver error stands for: thrown as one, an unreachable
 * database (SERVICE_UNAVAILABLE), or a write that lost a race to another request
 * (CONFLICT or NOT_FOUND, db/constraint-meanings.ts).
 */
export function appErrorOf(error: unknown): AppError | null {
  const original = unwrapResolverError(error);
  if (isAppError(original)) return original;
  if (original instanceof GraphQLError && isAppError(original.originalError)) return original.originalError;
  return appErrorOfDatabaseError(original instanceof GraphQLError && original.originalError ? original.originalError : original);
}

/** The code the caller sees: resolver errors carry it on the original AppError, not on the GraphQLError yet. */
export function errorCode(error: GraphQLError): string {
  const original = appErrorOf(error);
  if (original) return original.code;
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
}

/** An AppError as the GraphQLError a transport answers with (its code, and HTTP's status for Apollo). */
export const asGraphqlError = (error: AppError) =>
  new GraphQLError(error.message, { originalError: error, extensions: { code: error.code, http: { status: httpStatusByCode[error.code] } } });

/** `"Did you mean ...?"` hints map the schema for attackers: removed in production, as Apollo's hideSchemaDetailsFromClientErrors does. */
const withoutSuggestions = (error: GraphQLError) => new GraphQLError(error.message.replace(/ ?Did you mean(.+?)\?$/, ''), { nodes: error.nodes, extensions: error.extensions, originalError: error.originalError });

// ---------------------------------------------------------------------------
// Which transport carries which operations

/** Queries and mutations over HTTP, subscriptions over WebSocket; the other kinds are refused with BAD_REQUEST. */
export const TRANSPORT_OPERATIONS = {
  http: { kinds: [OperationTypeNode.QUERY, OperationTypeNode.MUTATION], refusal: 'Subscriptions are served over WebSocket (graphql-ws, same path).' },
  websocket: { kinds: [OperationTypeNode.SUBSCRIPTION], refusal: 'Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql.' },
} as const;

/** Throws BAD_REQUEST when `transport` does not carry `operation`'s kind. */
export function checkOperationKind(operation: OperationDefinitionNode | undefined, transport: keyof typeof TRANSPORT_OPERATIONS): void {
  const { kinds, refusal } = TRANSPORT_OPERATIONS[transport];
  if (operation && !(kinds as readonly OperationTypeNode[]).includes(operation.operation)) {
    throw new GraphQLError(refusal, { extensions: { code: ApolloServerErrorCode.BAD_REQUEST, http: { status: 400 } } });
  }
}

// ---------------------------------------------------------------------------
// Limits

/**
 * A mutation's caller is checked against revocation (a disabled account, a revoked
 * session) before anything runs, and before its rate limits count it (no 429
 * before a 401); refused: UNAUTHENTICATED with HTTP 401. Queries keep the local
 * token check (docs/security.md, "Identity from the token only").
 */
async function refuseRevokedWriter(contextValue: RequestContext): Promise<void> {
  try {
    await contextValue.requireNotRevoked();
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw asGraphqlError(error);
  }
}

/**
 * Every operation counts against the `graphql` limit of its caller (user, else IP),
 * weighing 1 + cost / 100; each mutation field also against its write class (its
 * access table entry's `rateLimit`, else userWrites), as the REST routes do. Checked once the operation is known and validated, before
 * anything runs, whichever transport carried it.
 */
export async function checkOperationLimits(rateLimits: RateLimits, { operation, document, contextValue }: { operation: OperationDefinitionNode | undefined; document: DocumentNode; contextValue: RequestContext }): Promise<void> {
  if (operation?.operation === 'mutation') await refuseRevokedWriter(contextValue);
  const { caller, clientIp } = contextValue;
  const ip = clientIp ?? undefined;
  try {
    if (operation?.operation === 'mutation') {
      for (const selection of operation.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const kind: RateLimitClass = ACCESS.get(selection.name.value)?.access.rateLimit ?? 'userWrites';
        await rateLimits.consume(kind, countsPerIp(kind) ? `ip:${ip}` : callerKey(caller, ip));
      }
    }
    const cost = operationCosts.get(document) ?? 0;
    await rateLimits.consume('graphql', callerKey(caller, ip), 1 + Math.floor(cost / GRAPHQL_COST_PER_POINT));
  } catch (error) {
    // Refused, or the counters' database unreachable (503, as for any other query).
    const refusal = isAppError(error) ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
    if (!refusal) throw error;
    throw new GraphQLError(refusal.message, { originalError: refusal, extensions: { code: refusal.code } });
  }
}

// ---------------------------------------------------------------------------
// Logging

/** The one line each operation is logged with (info), whichever transport carried it. */
export function logOperation(log: Logger, { operationName, startedAt, errors, transport }: { operationName: string | null | undefined; startedAt: bigint; errors: readonly GraphQLError[] | undefined; transport: 'http' | 'websocket' }): void {
  if (!log.isLevelEnabled('info')) return;
  log.info(
    {
      operation: operationName ?? 'anonymous',
      ms: Number((process.hrtime.bigint() - startedAt) / 1_000_000n),
      errors: errors?.map(errorCode),
      ...(transport === 'websocket' ? { transport } : {}),
    },
    'graphql operation',
  );
}

// ---------------------------------------------------------------------------
// Parsing, validation and variables, for the transports Apollo does not carry

export interface PipelineOptions {
  schema: GraphQLSchema;
  /** The rules beyond graphql-js's own: what Apollo is configured with (apollo.ts). */
  validationRules: readonly ValidationRule[];
  /** Strip "Did you mean" hints (production). */
  hideSchemaDetails: boolean;
}

/** Ready to execute (the variables as sent: execution coerces them again), or refused. */
export type Prepared = { document: DocumentNode; operation: OperationDefinitionNode; variableValues: Record<string, unknown> } | { errors: GraphQLError[] };

/**
 * Parses, validates and resolves the operation and its variables as Apollo's
 * request pipeline does over HTTP, with its error codes: GRAPHQL_PARSE_FAILED,
 * GRAPHQL_VALIDATION_FAILED, OPERATION_RESOLUTION_FAILURE, BAD_USER_INPUT
 * (variables), and BAD_REQUEST for an operation `transport` does not carry.
 */
export function prepareOperation({ schema, validationRules, hideSchemaDetails }: PipelineOptions, request: { query: unknown; operationName?: unknown; variables?: unknown }, transport: keyof typeof TRANSPORT_OPERATIONS): Prepared {
  const coded = (error: GraphQLError, code: string) => new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, originalError: error, extensions: { ...error.extensions, code } });
  if (typeof request.query !== 'string' || !request.query) return { errors: [new GraphQLError('GraphQL operations must contain a non-empty `query`.', { extensions: { code: ApolloServerErrorCode.BAD_REQUEST } })] };
  let document: DocumentNode;
  try {
    document = parse(request.query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    const syntax = error instanceof GraphQLError ? error : new GraphQLError(String((error as Error)?.message ?? error));
    return { errors: [coded(syntax, ApolloServerErrorCode.GRAPHQL_PARSE_FAILED)] };
  }
  const validationErrors = validate(schema, document, [...specifiedRules, ...validationRules]);
  if (validationErrors.length) return { errors: validationErrors.map((error) => coded(hideSchemaDetails ? withoutSuggestions(error) : error, ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED)) };
  const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    const message = operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.';
    return { errors: [new GraphQLError(message, { extensions: { code: ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE } })] };
  }
  try {
    checkOperationKind(operation, transport);
  } catch (error) {
    return { errors: [error as GraphQLError] };
  }
  const inputs = request.variables ?? {};
  if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return { errors: [new GraphQLError('`variables` must be an object.', { extensions: { code: ApolloServerErrorCode.BAD_REQUEST } })] };
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs as Record<string, unknown>, { maxErrors: 50 });
  if (coerced.errors) return { errors: coerced.errors.map((error) => coded(error, ApolloServerErrorCode.BAD_USER_INPUT)) };
  return { document, operation, variableValues: inputs as Record<string, unknown> };
}
