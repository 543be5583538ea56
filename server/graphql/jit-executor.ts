// Query execution through graphql-jit: each operation is compiled once into a
// JavaScript function (resolvers, directives' wrappers and scalars as the schema
// has them) and reused for every request with the same document. The bench's
// profile showed graphql-js's generic field walk (executeField, completeValue,
// getArgumentValues...) as the largest share of the app's own work.
//
// Apollo keeps parsing, validation (graphql-armor's rules included), plugins and
// error formatting; it hands execution to the executor of a "gateway", its
// documented hook for a custom executor. Apollo's document cache (an LRU of
// parsed and validated documents by query text) returns the same DocumentNode
// for the same text, so compiled operations are kept per document in a WeakMap:
// they go when Apollo drops the document, and there are at most as many as
// Apollo keeps documents.
import type { GatewayExecutionResult, GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { getOperationAST, GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';

type Compiled = ReturnType<typeof compileQuery<Record<string, unknown>, Record<string, unknown>>>;

export function jitExecution(schema: GraphQLSchema): GatewayInterface {
  const compiled = new WeakMap<DocumentNode, Map<string, Compiled>>();

  const compiledFor = (document: DocumentNode, operationName: string | undefined) => {
    let byOperation = compiled.get(document);
    if (!byOperation) compiled.set(document, (byOperation = new Map()));
    const key = operationName ?? '';
    let entry: Compiled | undefined = byOperation.get(key);
    if (!entry) byOperation.set(key, (entry = compileQuery(schema, document, operationName)));
    return entry;
  };

  const executor: GatewayExecutor = async ({ document, operationName, request, context }) => {
    // graphql-jit runs some operation of the document whatever the name; graphql-js answers an unknown
    // name with an error, which Apollo turns into OPERATION_RESOLUTION_FAILURE (400).
    if (!getOperationAST(document, operationName ?? undefined)) {
      return { errors: [new GraphQLError(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.')] };
    }
    const query = compiledFor(document, operationName ?? undefined);
    // Not compilable: the errors, as graphql-js would give them.
    const result = (isCompiledQuery(query) ? await query.query(undefined, context, request.variables ?? {}) : query) as GatewayExecutionResult;
    return result.errors ? { ...result, errors: result.errors.map(asGraphqlJsError) } : result;
  };

  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}

/**
 * graphql-jit's errors imitate graphql-js's but leave `extensions` undefined,
 * which Apollo's error formatting reads: the same error as graphql-js makes it
 * (message, path, locations, the resolver's original error).
 */
function asGraphqlJsError(error: GraphQLError): GraphQLError {
  // Without a path, the error is about the request itself: graphql-jit raises
  // those only while coercing the variables, which Apollo (with graphql-js)
  // answers as BAD_USER_INPUT.
  const extensions = error.path || error.extensions?.code ? error.extensions : { ...error.extensions, code: 'BAD_USER_INPUT' };
  const converted = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: extensions ?? undefined });
  if (error.locations) (converted as { locations?: GraphQLError['locations'] }).locations = error.locations;
  return converted;
}
