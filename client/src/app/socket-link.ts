// Live updates: GraphQL subscriptions over a WebSocket to the same origin and
// path (graphql-ws). Loaded on the first subscription (see lazyLink in apollo.ts).
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import type { Auth } from 'firebase/auth';
import { createClient } from 'graphql-ws';
import { currentIdToken, type AuthSource } from './session';

/**
 * The socket for live updates: opened while a subscription is active, with the
 * current ID token in its init payload (a fresh one on every reconnection), and
 * reconnected with backoff when it drops or when the signed-in user changes.
 */
export function createSocketLink(auth: AuthSource, url?: string): GraphQLWsLink {
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
  // Firebase Auth arrives after the first render (its own chunk): listen once it is there.
  void Promise.resolve(auth).then(
    (loaded) => {
      // (Test doubles of Auth have no listeners.)
      if (typeof (loaded as Partial<Auth>).onIdTokenChanged !== 'function') return;
      let first = true;
      loaded.onIdTokenChanged(() => {
        // Another identity (sign-in, sign-out) or a refreshed token (hourly, before the old one
        // expires): reconnect with it, so the server never holds an expired session. graphql-ws
        // subscribes the active subscriptions again on the new connection.
        if (!first) client.terminate();
        first = false;
      });
    },
    () => undefined,
  );
  return new GraphQLWsLink(client);
}
