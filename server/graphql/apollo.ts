import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GraphQLError, GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type { Logger } from '../infra/logger';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { graphqlExtensionsOf } from '../rest/errors';
import { httpStatusByCode, isAppError, type AppError } from '../shared/errors';
import type { RequestContext } from '../context/request-context';

interface Options {
  schema: GraphQLSchema;
  isProduction: boolean;
  log: Logger;
}

export const MAX_TOKENS = 2000;

/** The same limits for every transport (HTTP through Apollo, WebSocket through graphql-ws). */
export function createArmorProtection() {
  const armor = new ApolloArmor({
    maxDepth: { n: 10 },
    costLimit: { maxCost: 5000 },
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

export function createApolloServer({ schema, isProduction, log }: Options): ApolloServer<RequestContext> {
  const protection = createArmorProtection();

  return new ApolloServer<RequestContext>({
    schema,
    ...protection,
    plugins: [...protection.plugins, ApolloServerPluginLandingPageDisabled(), logOperations()],
    validationRules: protection.validationRules,
    parseOptions: { maxTokens: MAX_TOKENS },
    // "Did you mean ...?" hints map the schema for attackers; keep them in development.
    hideSchemaDetailsFromClientErrors: isProduction,
    introspection: true,
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
    return { message: original.message, locations: formatted.locations, path: formatted.path, extensions: graphqlExtensionsOf(original) };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    // Parse/validation/variable errors: already safe and useful to the caller.
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  log.error({ err: original }, 'unexpected GraphQL error');
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The AppError a resolver error stands for: thrown as one, or an unreachable database (SERVICE_UNAVAILABLE). */
function appErrorOf(error: unknown): AppError | null {
  const original = unwrapResolverError(error);
  if (isAppError(original)) return original;
  return isDatabaseUnavailable(original) ? databaseUnavailable() : null;
}

/** The code the caller sees: resolver errors carry it on the original AppError, not on the GraphQLError yet. */
function errorCode(error: GraphQLError): string {
  const original = appErrorOf(error);
  if (original) return original.code;
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
}

function logOperations(): ApolloServerPlugin<RequestContext> {
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
