import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldPolicy } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { onIdTokenChanged, type Auth } from 'firebase/auth';
import { createClient } from 'graphql-ws';
import { redirectToLogin } from './navigation';
import { currentIdToken } from './session';

const AUTH_ERROR_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

export function createApolloClient(auth: Auth, transport: { uri?: string; fetch?: typeof fetch; wsUrl?: string } = {}): ApolloClient {
  // Every request carries the signed-in user's ID token.
  const withToken = new SetContextLink(async (previous) => {
    const token = await currentIdToken(auth);
    return token ? { headers: { ...previous.headers, authorization: `Bearer ${token}` } } : {};
  });

  // Spec: a 401/403 (GraphQL: UNAUTHENTICATED/FORBIDDEN) sends the user to
  // /login; the request still fails, so the screen can show its own message.
  const onAuthError = new ErrorLink(({ error }) => {
    const codes = CombinedGraphQLErrors.is(error) ? error.errors.map((e) => e.extensions?.code) : [];
    const status = ServerError.is(error) ? error.statusCode : 0;
    if (status === 401 || status === 403 || codes.some((code) => typeof code === 'string' && AUTH_ERROR_CODES.has(code))) {
      redirectToLogin();
    }
  });

  const http = ApolloLink.from([onAuthError, withToken, new HttpLink({ uri: transport.uri ?? '/graphql', fetch: transport.fetch })]);
  // Subscriptions go over a WebSocket to the same origin and path (graphql-ws); the rest over HTTP.
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
  };
  return new ApolloClient({
    link: ApolloLink.split(isSubscription, new GraphQLWsLink(createSocketClient(auth, transport.wsUrl)), http),
    cache: createCache(),
  });
}

/**
 * The socket for live updates: opened while a subscription is active, with the
 * current ID token in its init payload (a fresh one on every reconnection), and
 * reconnected with backoff when it drops or when the signed-in user changes.
 */
function createSocketClient(auth: Auth, url?: string) {
  const client = createClient({
    url: () => url ?? `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    lazy: true,
    connectionParams: async () => {
      const token = await currentIdToken(auth).catch(() => null);
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** retries) * (0.5 + Math.random() / 2))),
  });
  // (Test doubles of Auth have no listeners.)
  if (typeof (auth as Partial<Auth>).onIdTokenChanged !== 'function') return client;
  let first = true;
  onIdTokenChanged(auth, () => {
    // Another identity (sign-in, sign-out) or a refreshed token (hourly, before the old one
    // expires): reconnect with it, so the server never holds an expired session. graphql-ws
    // subscribes the active subscriptions again on the new connection.
    if (!first) client.terminate();
    first = false;
  });
  return client;
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
          verifiedProperties: appendPages(['search', 'sort']),
          allProperties: appendPages(['status']),
          users: appendPages([]),
          allReviews: appendPages([]),
          notifications: appendPages([]),
          conversations: appendPages([]),
        },
      },
      // A thread's earlier messages, page after page.
      Conversation: { fields: { messages: appendPages([]) } },
    },
  });
}
