// GraphQL subscriptions over WebSocket (graphql-ws) on the same HTTP server,
// origin and path as /graphql. The Firebase ID token travels in the
// connection_init payload ({ authorization: "Bearer <token>" }); a connection
// without a valid one is refused. Each operation gets its context from
// createRequestContext, as HTTP requests do, and the same limits (tokens,
// depth, cost, aliases); only subscriptions are accepted here (queries and
// mutations go over HTTP). Errors are formatted (typed, masked) like HTTP's.
import type { Server } from 'node:http';
import { GraphQLError, getOperationAST, parse, specifiedRules, validate, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createRequestContext, type ContextDeps } from '../context/request-context';
import { resolveCaller } from '../context/caller';
import type { Logger } from '../infra/logger';
import { createArmorProtection, formatError, MAX_TOKENS } from './apollo';

/** The connection_init payload: { authorization: "Bearer <Firebase ID token>" }. */
type ConnectionParams = Record<string, unknown>;

const authorizationOf = (params: ConnectionParams | undefined) => (typeof params?.authorization === 'string' ? params.authorization : undefined);

export function attachGraphqlWebSocket({ server, schema, contextDeps, log }: { server: Server; schema: GraphQLSchema; contextDeps: ContextDeps; log: Logger }): { close(): Promise<void> } {
  const sockets = new WebSocketServer({ server, path: '/graphql' });
  const rules = [...specifiedRules, ...(createArmorProtection().validationRules ?? [])];
  const disposable = useServer<ConnectionParams>(
    {
      schema,
      async onConnect(ctx) {
        const caller = await resolveCaller(authorizationOf(ctx.connectionParams), contextDeps.identity, contextDeps.viewers);
        // Close code 4403 (Forbidden): the client signs in again and reconnects with a fresh token.
        return Boolean(caller.identity && caller.viewer);
      },
      async onSubscribe(ctx, _id, payload) {
        let document;
        try {
          document = parse(payload.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('Syntax error.')];
        }
        const operation = getOperationAST(document, payload.operationName);
        if (!operation || operation.operation !== 'subscription') {
          return [new GraphQLError('Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql.', { extensions: { code: 'BAD_REQUEST' } })];
        }
        const errors = validate(schema, document, rules);
        if (errors.length) return errors;
        const contextValue = await createRequestContext(contextDeps, { authorization: authorizationOf(ctx.connectionParams), log });
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue } satisfies ExecutionArgs;
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return;
        return { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error, log)) };
      },
      onError(_ctx, _id, _payload, errors) {
        return errors.map((error) => formatError(error.toJSON(), error, log));
      },
    },
    sockets,
  );
  return {
    async close() {
      await disposable.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
