import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, Kind, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { callerKey, countsPerIp, GRAPHQL_COST_PER_POINT, WRITE_CLASSES, type RateLimitClass, type RateLimits } from '../rate-limits/rate-limits';
import type { Logger } from '../infra/logger';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { storageProblemOf } from '../db/storable-arguments';
import { graphqlExtensionsOf } from '../rest/errors';
import { httpStatusByCode, isAppError, type AppError } from '../shared/errors';
import type { RequestContext } from '../context/request-context';
import { jitExecution } from './jit-executor';
import type { PublicAnswerCache } from './public-answer-cache';

interface Options {
  schema: GraphQLSchema;
  isProduction: boolean;
  /** Whether the schema may be introspected (config.introspection). */
  introspection: boolean;
  log: Logger;
  rateLimits: RateLimits;
  /** Anonymous public answers kept per process (public-answer-cache.ts); none kept without it. */
  publicAnswers?: PublicAnswerCache;
}

/** Each validated document's cost (graphql-armor's cost analysis), for the `graphql` rate limit's weights. */
const operationCosts = new WeakMap<DocumentNode, number>();

export const MAX_TOKENS = 2000;
/**
 * graphql-armor's depth limit, counted in fields: a fragment spread is not a level
 * (unflattened, each spread counted twice, and a paged list's `nodes` pushed the
 * wishlist past 10). client-documents.unit.test.ts holds the app's own queries to it.
 */
export const DEPTH_LIMIT = { n: 10, flattenFragments: true };

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

export function createApolloServer({ schema, isProduction, introspection, log, rateLimits, publicAnswers }: Options): ApolloServer<RequestContext> {
  const protection = createArmorProtection();

  return new ApolloServer<RequestContext>({
    // Apollo validates against the schema, then graphql-jit executes (jit-executor.ts).
    gateway: jitExecution(schema),
    ...protection,
    // Cache-control hints are not used (no @cacheControl, no CDN in front): without
    // the plugin, no hook runs for every resolved field (the bench's profile showed it).
    plugins: [...protection.plugins, ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), logOperations(log), rateLimitOperations(rateLimits), ...(publicAnswers ? [publicAnswers.plugin(schema)] : [])],
    validationRules: protection.validationRules,
    parseOptions: { maxTokens: MAX_TOKENS },
    // "Did you mean ...?" hints map the schema for attackers; keep them in development.
    hideSchemaDetailsFromClientErrors: isProduction,
    introspection,
    // main.ts owns shutdown; Apollo's own handler would re-raise the signal and
    // kill the process before the emulator has exported its accounts.
    stopOnTerminationSignals: false,
    formatError: (formatted, error) => formatError(formatted, error, log),
  });
}

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
  log.error({ err: unwrapResolverError(error) }, 'unexpected GraphQL error');
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The AppError a resolver error stands for: thrown as one, or an unreachable database (SERVICE_UNAVAILABLE). */
function appErrorOf(error: unknown): AppError | null {
  const original = unwrapResolverError(error);
  if (isAppError(original)) return original;
  if (original instanceof GraphQLError && isAppError(original.originalError)) return original.originalError;
  return isDatabaseUnavailable(original) ? databaseUnavailable() : null;
}

/** The code the caller sees: resolver errors carry it on the original AppError, not on the GraphQLError yet. */
function errorCode(error: GraphQLError): string {
  const original = appErrorOf(error);
  if (original) return original.code;
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
}

/**
 * A mutation's caller is checked against revocation (a disabled account, a revoked
 * session) before anything runs, and before its rate limits count it (no 429
 * before a 401); refused: UNAUTHENTICATED with HTTP 401. Queries keep the local
 * token check (README "Identity from the token only").
 */
async function refuseRevokedWriter(contextValue: RequestContext): Promise<void> {
  try {
    await contextValue.requireNotRevoked();
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw new GraphQLError(error.message, { originalError: error, extensions: { code: error.code, http: { status: httpStatusByCode[error.code] } } });
  }
}

/**
 * Every operation counts against the `graphql` limit of its caller (user, else IP),
 * weighing 1 + cost / 100; each mutation field also against its write class, as
 * the REST routes do. Checked once the operation is known and validated, before
 * anything runs.
 */
function rateLimitOperations(rateLimits: RateLimits): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (operation?.operation === 'mutation') await refuseRevokedWriter(contextValue);
          const { caller, clientIp } = contextValue;
          const ip = clientIp ?? undefined;
          try {
            if (operation?.operation === 'mutation') {
              for (const selection of operation.selectionSet.selections) {
                if (selection.kind !== Kind.FIELD) continue;
                const kind: RateLimitClass = WRITE_CLASSES[selection.name.value] ?? 'userWrites';
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
        },
      };
    },
  };
}

function logOperations(log: Logger): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operationName, errors, response }) {
          // An operation refused for a while (database unreachable, over a rate limit) says so
          // in its HTTP status and Retry-After too, as the REST routes do, so clients and proxies can back off.
          const retry = errors?.map(appErrorOf).find((error) => error?.retryAfterSeconds !== undefined);
          if (retry) {
            response.http.status = httpStatusByCode[retry.code];
            response.http.headers.set('retry-after', String(retry.retryAfterSeconds));
          }
          // Only when it is written: the request's logger is made on first use (infra/request-logging.ts).
          if (log.isLevelEnabled('info'))
            contextValue.log.info(
            {
              operation: operationName ?? 'anonymous',
              ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
              errors: errors?.map(errorCode),
            },
            'graphql operation',
          );
        },
      };
    },
  };
}
