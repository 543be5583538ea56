import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldPolicy } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import { Observable, tap, type Subscription } from 'rxjs';
import { isServiceUnavailable } from './errors';
import { redirectToLogin } from './navigation';

const AUTH_ERROR_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

/**
 * How long a query answered SERVICE_UNAVAILABLE waits before each silent retry: a
 * database restart of a few seconds goes unnoticed. After the last, the answer reaches
 * the page, whose QueryState says so and keeps retrying by itself.
 */
export const UNAVAILABLE_RETRY_DELAYS_MS = [1000, 2000, 4000];

interface Transport {
  uri?: string;
  fetch?: typeof fetch;
  wsUrl?: string;
  /** Overrides UNAVAILABLE_RETRY_DELAYS_MS (tests). */
  unavailableRetryDelaysMs?: number[];
}

/** Operation context: `{ [QUIET_AUTH]: true }` keeps a refusal from sending the user to /login (asking who is signed in). */
export const QUIET_AUTH = 'quietAuth';

/** Each client's way to reopen its live-updates socket (after the session changed), once the socket exists. */
const socketRestarts = new WeakMap<ApolloClient, () => void>();

/**
 * `firstScreenMs`: the cache holds the first screen's answers the server sent with
 * the page (first-screen.ts); while the first screen renders (this long at most),
 * queries that would also ask the network (cache-and-network) take them from the
 * cache, so the first screen sends no request of its own.
 */
export function createApolloClient(transport: Transport = {}, { firstScreenMs = 0 }: { firstScreenMs?: number } = {}): ApolloClient {
  // Spec: a 401/403 (GraphQL: UNAUTHENTICATED/FORBIDDEN) sends the user to
  // /login; the request still fails, so the screen can show its own message.
  // Same-origin requests carry the session cookie (session.ts): no header to add.
  const onAuthError = new ErrorLink(({ error, operation }) => {
    if (operation.getContext()[QUIET_AUTH]) return;
    const codes = CombinedGraphQLErrors.is(error) ? error.errors.map((e) => e.extensions?.code) : [];
    const status = ServerError.is(error) ? error.statusCode : 0;
    if (status === 401 || status === 403 || codes.some((code) => typeof code === 'string' && AUTH_ERROR_CODES.has(code))) {
      redirectToLogin();
    }
  });

  const http = ApolloLink.from([retryUnavailableQueries(transport.unavailableRetryDelaysMs ?? UNAVAILABLE_RETRY_DELAYS_MS), onAuthError, new HttpLink({ uri: transport.uri ?? '/graphql', fetch: transport.fetch })]);
  let restartSocket: (() => void) | null = null;
  const socket = lazyLink(() =>
    import('./socket-link').then(({ createSocketLink }) => {
      const made = createSocketLink(transport.wsUrl);
      restartSocket = made.restart;
      return made.link;
    }),
  );
  let endFirstScreen = () => {};
  // Subscriptions go over a WebSocket to the same origin and path (graphql-ws); the rest over HTTP.
  const client = new ApolloClient({
    link: ApolloLink.split((operation) => operationType(operation) === 'subscription', ApolloLink.from([reportLiveChanges(() => endFirstScreen()), socket]), http),
    cache: createCache(),
  });
  if (firstScreenMs > 0) endFirstScreen = preferCacheWhileFirstScreenRenders(client, firstScreenMs);
  socketRestarts.set(client, () => restartSocket?.());
  return client;
}

/**
 * The first screen's answers came with the page: while the first screen renders,
 * queries take cached answers instead of asking again. That ends after `ms`, when
 * the user first acts (a pointer or a key), or when a live update reports a change,
 * whichever comes first: a refetch after something happened (a message just sent,
 * one just received) must reach the network. Returns what ends it early.
 */
function preferCacheWhileFirstScreenRenders(client: ApolloClient, ms: number): () => void {
  const inputs = ['pointerdown', 'keydown'] as const;
  const end = () => {
    client.prioritizeCacheValues = false;
    clearTimeout(timer);
    for (const type of inputs) globalThis.removeEventListener?.(type, end, true);
  };
  client.prioritizeCacheValues = true;
  const timer = setTimeout(end, ms);
  for (const type of inputs) globalThis.addEventListener?.(type, end, true);
  return end;
}

/** Calls `onChange` for each result of a subscription after its first (the first is the state when it starts). */
const reportLiveChanges = (onChange: () => void) =>
  new ApolloLink((operation, forward) => {
    let results = 0;
    return forward(operation).pipe(
      tap(() => {
        results += 1;
        if (results > 1) onChange();
      }),
    );
  });

/** Reopens the live-updates socket, if one is open, so it listens as the current session (after a sign-in or sign-out). */
export function restartLiveUpdates(client: ApolloClient): void {
  socketRestarts.get(client)?.();
}

function operationType({ query }: ApolloLink.Operation): string | null {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' ? definition.operation : null;
}

/**
 * Sends a query again, after each of `delaysMs`, while the server answers
 * SERVICE_UNAVAILABLE (a GraphQL error, or HTTP 503): reading twice changes nothing.
 * Mutations are never re-sent by themselves; the person decides whether to try again.
 */
function retryUnavailableQueries(delaysMs: number[]): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (operationType(operation) !== 'query') return forward(operation);
    return new Observable((observer) => {
      let attempt: Subscription | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const send = (retriesDone: number) => {
        // Whether this failure is worth another try; if so, the next one is scheduled.
        const retried = (unavailable: boolean) => {
          if (!unavailable || retriesDone >= delaysMs.length) return false;
          attempt?.unsubscribe();
          timer = setTimeout(() => {
            timer = undefined;
            send(retriesDone + 1);
          }, delaysMs[retriesDone]);
          return true;
        };
        attempt = forward(operation).subscribe({
          next: (result) => {
            if (!retried(Boolean(result.errors?.some((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')))) observer.next(result);
          },
          error: (error: unknown) => {
            if (!retried(isServiceUnavailable(error))) observer.error(error);
          },
          complete: () => {
            if (timer === undefined) observer.complete();
          },
        });
      };
      send(0);
      return () => {
        clearTimeout(timer);
        attempt?.unsubscribe();
      };
    });
  });
}

/**
 * A link built on first use: the WebSocket client (graphql-ws) is only needed once a
 * page subscribes, so it stays out of the first load.
 */
function lazyLink(load: () => Promise<ApolloLink>): ApolloLink {
  let loading: Promise<ApolloLink> | null = null;
  return new ApolloLink(
    (operation, forward) =>
      new Observable((observer) => {
        let inner: Subscription | null = null;
        let closed = false;
        (loading ??= load()).then(
          (link) => {
            if (!closed) inner = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      }),
  );
}

/** Cursor-paged lists: one cache entry per filter, pages appended as they load. */
function appendPages(keyArgs: string[]): FieldPolicy<Connection> {
  return {
    keyArgs,
    merge(existing, incoming, { args }) {
      if (!existing || !args?.after) return incoming;
      return { ...incoming, nodes: [...existing.nodes, ...incoming.nodes] };
    },
  };
}

interface Connection {
  nodes: unknown[];
  pageInfo: unknown;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          verifiedProperties: appendPages(['search', 'sort', 'filter']),
          allProperties: appendPages(['status']),
          users: appendPages([]),
          allReviews: appendPages([]),
          notifications: appendPages([]),
          conversations: appendPages([]),
          // A caller's own dashboard lists (issue 13: paged, 'Load more' under each).
          myOffers: appendPages([]),
          offersOnMyProperties: appendPages([]),
          myProperties: appendPages([]),
          myWishlist: appendPages([]),
          myListingNumbers: appendPages([]),
        },
      },
      // A thread's earlier messages, page after page.
      Conversation: { fields: { messages: appendPages([]) } },
      // One per kind of notification (it has no id): a saved setting's answer updates the list on screen.
      EmailSetting: { keyFields: ['type'] },
    },
  });
}
