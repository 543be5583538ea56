import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { RateLimits } from '../rate-limits/rate-limits';
import type { Logger } from '../infra/logger';
import { httpStatusByCode } from '../shared/errors';
import type { RequestContext } from '../context/request-context';
import { jitExecution } from './jit-executor';
import { appErrorOf, checkOperationKind, checkOperationLimits, createArmorProtection, formatError, logOperation, MAX_TOKENS } from './operation-pipeline';
import type { PublicAnswerCache } from './public-answer-cache';
import type { TrustedDocuments } from './trusted-documents';

// The pieces every transport shares live in operation-pipeline.ts; these are imported from here too.
export { createArmorProtection, DEPTH_LIMIT, formatError, MAX_TOKENS } from './operation-pipeline';

interface Options {
  schema: GraphQLSchema;
  isProduction: boolean;
  /** Whether the schema may be introspected (config.introspection). */
  introspection: boolean;
  log: Logger;
  rateLimits: RateLimits;
  /** Anonymous public answers kept per process (public-answer-cache.ts); none kept without it. */
  publicAnswers?: PublicAnswerCache;
  /** Only trusted documents run (GRAPHQL_TRUSTED_DOCUMENTS=on; trusted-documents.ts); any document without it. */
  trustedDocuments?: TrustedDocuments;
}

export function createApolloServer({ schema, isProduction, introspection, log, rateLimits, publicAnswers, trustedDocuments }: Options): ApolloServer<RequestContext> {
  const protection = createArmorProtection();

  return new ApolloServer<RequestContext>({
    // Apollo validates against the schema, then graphql-jit executes (jit-executor.ts).
    gateway: jitExecution(schema),
    ...protection,
    // Cache-control hints are not used (no @cacheControl, no CDN in front): without
    // the plugin, no hook runs for every resolved field (the bench's profile showed it).
    plugins: [...protection.plugins, ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), logOperations(log), rateLimitOperations(rateLimits, trustedDocuments), ...(publicAnswers ? [publicAnswers.plugin(schema)] : [])],
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

/**
 * Refuses subscriptions (WebSocket only) and, in trusted-documents mode, any
 * document not trusted; then counts every operation against its rate limits
 * (operation-pipeline.ts), once it is known and validated.
 */
function rateLimitOperations(rateLimits: RateLimits, trustedDocuments: TrustedDocuments | undefined): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          checkOperationKind(operation, 'http');
          await trustedDocuments?.check(document, operation?.name?.value, contextValue);
          await checkOperationLimits(rateLimits, { operation, document, contextValue });
        },
      };
    },
  };
}

function logOperations(log: Logger): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      const startedAt = process.hrtime.bigint();
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
          if (log.isLevelEnabled('info')) logOperation(contextValue.log, { operationName, startedAt, errors, transport: 'http' });
        },
      };
    },
  };
}
