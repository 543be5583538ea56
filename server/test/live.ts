// A GraphQL-over-WebSocket client for tests (graphql-ws, as the web client
// uses it): connects to an app's /graphql with a Firebase ID token in the
// connection_init payload and collects what a subscription delivers.
import type { ResultOf, TypedDocumentNode, VariablesOf } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveResult<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export interface LiveSubscription<T> {
  /** The first delivery: the current state (the server sends it once it listens). */
  initial: LiveResult<T>;
  /** Everything delivered so far. */
  received: Array<LiveResult<T>>;
  /** Resolves with the next delivery not yet taken (fails after `timeoutMs`). */
  next(timeoutMs?: number): Promise<LiveResult<T>>;
  /** Resolves once the server has completed the subscription. */
  completed: Promise<void>;
  /** Resolves with the close code once the socket is closed (by either side). */
  socketClosed: Promise<number | undefined>;
  close(): Promise<void>;
}

/** Opens a socket to `appUrl` with `token` and subscribes to `document`; resolves once the server acknowledged the connection. */
export async function subscribe<Document extends TypedDocumentNode<unknown, never>>(
  appUrl: string,
  token: string,
  document: Document,
  variables?: VariablesOf<Document>,
): Promise<LiveSubscription<ResultOf<Document>>> {
  let acknowledged: () => void = () => undefined;
  let refused: (error: unknown) => void = () => undefined;
  const connected = new Promise<void>((resolve, reject) => ((acknowledged = resolve), (refused = reject)));
  let socketClosedWith: (code: number | undefined) => void = () => undefined;
  const socketClosed = new Promise<number | undefined>((resolve) => (socketClosedWith = resolve));
  const client: Client = createClient({
    url: `${appUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 0,
    // A closed socket is reported through `socketClosed` (and a refused connection by rejecting), not logged.
    onNonLazyError: () => undefined,
    on: {
      connected: () => acknowledged(),
      closed: (event) => {
        const code = (event as { code?: number }).code;
        refused(new Error(`socket closed: ${code}`));
        socketClosedWith(code);
      },
    },
  });
  const received: Array<LiveResult<ResultOf<Document>>> = [];
  const waiting: Array<(result: LiveResult<ResultOf<Document>>) => void> = [];
  let taken = 0;
  let completeSubscription: () => void = () => undefined;
  const completed = new Promise<void>((resolve) => (completeSubscription = resolve));
  client.subscribe<ResultOf<Document>>(
    { query: print(document), variables: variables as Record<string, unknown> | undefined },
    {
      next(result) {
        received.push(result as LiveResult<ResultOf<Document>>);
        waiting.shift()?.(result as LiveResult<ResultOf<Document>>);
      },
      error(error) {
        // The server's refusal of the subscription (graphql-ws's `error` message) is its list of errors, as sent.
        // A close event (the socket was closed under the subscription) refers to its socket: not JSON.
        const code = (error as { code?: unknown }).code;
        const result: LiveResult<ResultOf<Document>> = Array.isArray(error)
          ? { errors: error }
          : { errors: [{ message: error instanceof Error ? error.message : typeof code === 'number' ? `socket closed: ${code}` : JSON.stringify(error) }] };
        received.push(result);
        waiting.shift()?.(result);
        completeSubscription();
      },
      complete: () => completeSubscription(),
    },
  );
  await connected;
  const subscription: LiveSubscription<ResultOf<Document>> = {
    initial: undefined as never,
    received,
    next(timeoutMs = 15_000) {
      if (taken < received.length) return Promise.resolve(received[taken++]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No live event arrived in time.')), timeoutMs);
        waiting.push((result) => {
          clearTimeout(timer);
          taken += 1;
          resolve(result);
        });
      });
    },
    completed,
    socketClosed,
    async close() {
      await client.dispose();
    },
  };
  // The server sends the current state once the subscription listens: from then on nothing is missed.
  subscription.initial = await subscription.next();
  return subscription;
}
