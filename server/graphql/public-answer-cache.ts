// Answers that are the same for every caller, kept per API process: anonymous
// queries (no Authorization header) whose every root field is @public (the
// home page's advertisedProperties and latestReviews). Signed-in callers never
// read or fill it, since their answers may carry fields of their own. The key
// is the query's hash, the operation name and the variables (keys sorted);
// nothing else changes an anonymous answer (the configuration is the same in
// every process; error texts, which depend on NODE_ENV, are never kept).
//
// Invalidation: statement triggers on every table such an answer is made of
// (migration 20261124030000_public_answer_cache) raise `public-data-changed`
// when the change commits, and every process drops all it kept when the event
// arrives; with the LISTEN connection down nothing is kept or served
// (events/invalidated-cache.ts). PostgreSQL signals the listeners when the
// change commits, before the writer hears that it committed, but each
// listener's connection delivers the event on its own schedule (on a loaded
// machine, a request can reach another process a few milliseconds before that
// process has read it). So before serving a kept answer, the process makes a
// round trip on its LISTEN connection (EventBus.sync: PostgreSQL sends pending
// notifications before it answers): every change committed before the request
// arrived has then dropped what it made stale. That round trip (shared by
// concurrent requests, no pool connection) is what a hit costs instead of the
// answer's queries. A TTL bounds any staleness a missed event could cause.
//
// Only complete answers are kept: no errors (so no partial data and no 503).
// Operations selecting a field whose value changes with time alone
// (TIME_DEPENDENT_FIELDS) are not kept, since no event announces that change.
//
// Own plugin rather than @apollo/server-plugin-response-cache: that one takes
// its policy from cache-control hints (this app disables the cache-control
// plugin: its per-field hook showed in the bench's profile), tells signed-in
// from anonymous by a session id hook, and expires entries only by age; here
// the policy is "anonymous and @public", and invalidation comes from the bus.
import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { getNamedType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { PublicAnswerCacheConfig } from '../config';
import type { RequestContext } from '../context/request-context';
import type { EventBus } from '../events/event-bus';
import { createInvalidatedCache, type InvalidatedCache } from '../events/invalidated-cache';

/** Fields whose value changes with the clock, not with any row (whole days since listing). */
const TIME_DEPENDENT_FIELDS = new Set(['Property.daysOnOpenNest']);

/** Says whether the answer came from the cache (`hit`) or was kept for the next caller (`stored`). */
export const CACHE_HEADER = 'x-opennest-cache';

type Data = Record<string, unknown>;

export interface PublicAnswerCache {
  readonly kept: InvalidatedCache<Data> | null;
  plugin(schema: GraphQLSchema): ApolloServerPlugin<RequestContext>;
  /**
   * For answers computed outside GraphQL (public REST reads): the kept answer of
   * `key` (`from: 'hit'`), else `compute()`'s, kept when it resolves (`stored`),
   * or not kept (null: the cache is off, or a change arrived meanwhile).
   */
  answer<T>(key: string, compute: () => Promise<T>): Promise<{ value: T; from: 'hit' | 'stored' | null }>;
  stop(): void;
}

export function createPublicAnswerCache(events: EventBus, config: PublicAnswerCacheConfig): PublicAnswerCache {
  const kept =
    config.ttlMs > 0
      ? createInvalidatedCache<Data>(events, {
          maxEntries: config.maxEntries,
          maxBytes: config.maxBytes,
          ttlMs: config.ttlMs,
          invalidatedBy: (event) => (event.type === 'public-data-changed' ? 'all' : null),
        })
      : null;
  return {
    kept,
    plugin: (schema) => (kept ? cachePlugin(kept, schema) : {}),
    async answer<T>(key: string, compute: () => Promise<T>) {
      const found = await kept?.fresh(key);
      if (found) return { value: found as T, from: 'hit' as const };
      const mark = (await kept?.heardMark()) ?? 0;
      const value = await compute();
      const stored = kept?.set(key, value as Data, mark, Buffer.byteLength(JSON.stringify(value))) ?? false;
      return { value, from: stored ? ('stored' as const) : null };
    },
    stop: () => kept?.stop(),
  };
}

function cachePlugin(kept: InvalidatedCache<Data>, schema: GraphQLSchema): ApolloServerPlugin<RequestContext> {
  const queryFields = schema.getQueryType()?.getFields() ?? {};
  const publicRootFields = new Set(Object.values(queryFields).filter((field) => field.astNode?.directives?.some((directive) => directive.name.value === 'public')).map((field) => field.name));
  const cacheableDocuments = new WeakMap<DocumentNode, Map<string, boolean>>();

  const cacheable = (document: DocumentNode, operation: OperationDefinitionNode) => {
    let byOperation = cacheableDocuments.get(document);
    if (!byOperation) cacheableDocuments.set(document, (byOperation = new Map()));
    const name = operation.name?.value ?? '';
    let answer = byOperation.get(name);
    if (answer === undefined) byOperation.set(name, (answer = sameForEveryAnonymousCaller(schema, publicRootFields, document, operation)));
    return answer;
  };

  return {
    async requestDidStart({ contextValue }) {
      const { caller } = contextValue;
      if (caller.identity || caller.authError) return {};
      let pending: { key: string; mark: number } | null = null;
      return {
        async responseForOperation({ document, operation, queryHash, operationName, request }: GraphQLRequestContext<RequestContext>) {
          if (!document || !operation || !queryHash || !cacheable(document, operation)) return null;
          const key = `${queryHash}:${operationName ?? ''}:${stableJson(request.variables ?? {})}`;
          const data = await kept.fresh(key);
          if (data) return { http: { status: undefined, headers: new HeaderMap([[CACHE_HEADER, 'hit']]) }, body: { kind: 'single', singleResult: { data } } };
          pending = { key, mark: await kept.heardMark() };
          return null;
        },
        async willSendResponse({ response }) {
          if (!pending || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (errors?.length || !data || (response.http.status ?? 200) !== 200) return;
          if (kept.set(pending.key, data, pending.mark, Buffer.byteLength(JSON.stringify(data)))) response.http.headers.set(CACHE_HEADER, 'stored');
        },
      };
    },
  };
}

/** A query of public root fields only (no fragments at the root) that selects nothing time-dependent. */
function sameForEveryAnonymousCaller(schema: GraphQLSchema, publicRootFields: Set<string>, document: DocumentNode, operation: OperationDefinitionNode): boolean {
  if (operation.operation !== 'query') return false;
  const rootsPublic = operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && (selection.name.value === '__typename' || publicRootFields.has(selection.name.value)));
  if (!rootsPublic) return false;
  const typeInfo = new TypeInfo(schema);
  let timeDependent = false;
  // Fragments the operation spreads are visited with it (every definition in the document is; a stray one only makes us more careful).
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent && TIME_DEPENDENT_FIELDS.has(`${getNamedType(parent).name}.${node.name.value}`)) timeDependent = true;
      },
    }),
  );
  return !timeDependent;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
