import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type FieldPolicy } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { redirectToLogin } from './navigation';
import { currentIdToken, type AuthSource } from './session';

const AUTH_ERROR_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

export function createApolloClient(auth: AuthSource, transport: { uri?: string; fetch?: typeof fetch } = {}): ApolloClient {
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

  return new ApolloClient({
    link: ApolloLink.from([onAuthError, withToken, new HttpLink({ uri: transport.uri ?? '/graphql', fetch: transport.fetch })]),
    cache: createCache(),
  });
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
        },
      },
    },
  });
}
