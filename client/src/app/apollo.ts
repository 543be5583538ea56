import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldPolicy } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import { Observable, type Subscription } from 'rxjs';
import { redirectToLogin } from './navigation';
import { currentIdToken, type AuthSource } from './session';

const AUTH_ERROR_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

export function createApolloClient(auth: AuthSource, transport: { uri?: string; fetch?: typeof fetch; wsUrl?: string } = {}): ApolloClient {
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
    link: ApolloLink.split(isSubscription, lazyLink(() => import('./socket-link').then(({ createSocketLink }) => createSocketLink(auth, transport.wsUrl))), http),
    cache: createCache(),
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
        },
      },
      // A thread's earlier messages, page after page.
      Conversation: { fields: { messages: appendPages([]) } },
    },
  });
}
