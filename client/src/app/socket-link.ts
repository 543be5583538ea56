// Live updates: GraphQL subscriptions over a WebSocket to the same origin and
// path (graphql-ws). Loaded on the first subscription (see lazyLink in apollo.ts).
// The upgrade request carries the session cookie, which says who is listening.
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';

/**
 * The socket for live updates: opened while a subscription is active and
 * reconnected with backoff when it drops. `restart()` closes it so that it
 * opens again with the current session (after a sign-in or sign-out);
 * graphql-ws subscribes the active subscriptions again on the new connection.
 */
export function createSocketLink(url?: string): { link: GraphQLWsLink; restart(): void } {
  const client: Client = createClient({
    url: () => url ?? `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    lazy: true,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** retries) * (0.5 + Math.random() / 2))),
  });
  return { link: new GraphQLWsLink(client), restart: () => client.terminate() };
}
