// Fan-out of live events between API processes through PostgreSQL
// LISTEN/NOTIFY: a change raises its event with pg_notify inside its own
// transaction (raiseEvent), so PostgreSQL delivers it only if the change
// commits; every process holds one LISTEN connection (createEventBus) and hands
// each event to its local listeners (GraphQL subscriptions, job workers).
// Payloads stay small (ids); receivers read what they need.
import pg from 'pg';
import type { Logger } from '../infra/logger';

export const EVENTS_CHANNEL = 'opennest_events';

/** What can happen, as ids. Add a kind here and raise it where the change happens. */
export type AppEvent =
  /** A notification was written for `userId`. */
  | { type: 'notification'; userId: string; id: string }
  /** `userId`'s notifications were marked read (their count changed). */
  | { type: 'notifications-read'; userId: string }
  /** A message was posted in a conversation between `userIds`. */
  | { type: 'message'; conversationId: string; id: string; userIds: string[] }
  /** `userId` read a conversation (their unread count changed). */
  | { type: 'conversation-read'; conversationId: string; userId: string }
  /** A job was queued: workers of `queue` may look now instead of at their next poll. */
  | { type: 'job'; queue: string }
  /** The users row of `firebaseUid` was inserted, changed or deleted (raised by a trigger; see context/viewer-lookup.ts). */
  | { type: 'user-changed'; firebaseUid: string }
  /** The api_keys row of `keyId` was revoked, changed or deleted (raised by a trigger; see api-keys/api-key-credential.ts). */
  | { type: 'api-key-changed'; keyId: string }
  /** Rows a public answer is made of changed (raised by statement triggers; see graphql/public-answer-cache.ts). */
  | { type: 'public-data-changed' }
  /** Local only: the LISTEN connection was re-established, so events may have been missed. */
  | { type: 'resync' };

/** Anything that can run a statement inside the caller's transaction (a Prisma transaction client). */
export interface SqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** Raises `events` when (and only if) the transaction `tx` commits. */
export async function raiseEvents(tx: SqlExecutor, events: AppEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.$executeRawUnsafe('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', EVENTS_CHANNEL, events.map((event) => JSON.stringify(event)));
}

export type EventListener = (event: AppEvent) => void;

export interface EventStream<T> extends AsyncIterableIterator<T> {
  return(): Promise<IteratorResult<T>>;
}

export interface EventBus {
  /** Calls `listener` with every event; returns the function that stops it. */
  on(listener: EventListener): () => void;
  /** The events `select` maps to a value, as an async iterator (a GraphQL subscription's source). */
  stream<T>(select: (event: AppEvent) => T | undefined): EventStream<T>;
  /** Whether the LISTEN connection is up (while it is down, events are missed). */
  listening(): boolean;
  /**
   * Resolves once every event of a change that committed before the call has
   * been handed to the listeners: a round trip on the LISTEN connection started
   * after the call (PostgreSQL sends a listener its pending notifications before
   * it says it is ready for a query). The trip is a protocol Sync alone, no
   * statement: it starts no transaction. Concurrent calls share round trips.
   * Rejects when the connection is down.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A round trip on `client` that runs nothing: the extended protocol's Sync
 * message alone. PostgreSQL answers it with ReadyForQuery, having first sent the
 * notifications pending for this connection (as before any ReadyForQuery outside
 * a transaction), and, no statement having started one, it commits no
 * transaction: `SELECT 1` would count one per check in pg_stat_database.
 */
function protocolSync(client: pg.Client): Promise<void> {
  return new Promise((resolve, reject) => {
    const sync: pg.Submittable & { handleReadyForQuery(): void; handleError(error: Error): void } = {
      submit: (connection) => connection.sync(),
      handleReadyForQuery: () => resolve(),
      handleError: reject,
    };
    client.query(sync);
  });
}

/** Events a slow subscriber may have waiting before the oldest are dropped. */
const MAX_QUEUED = 1000;

/**
 * One LISTEN connection for this process, re-established with backoff when it
 * drops (listeners then get a `resync` event, since anything raised meanwhile
 * was missed). Resolves once listening.
 */
export async function createEventBus({ databaseUrl, log, channel = EVENTS_CHANNEL }: { databaseUrl: string; log: Logger; channel?: string }): Promise<EventBus> {
  const listeners = new Set<EventListener>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const dispatch = (event: AppEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error, event: event.type }, 'event listener failed');
      }
    }
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({ connectionString: databaseUrl, application_name: 'opennest-events' });
    connection.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      let event: AppEvent;
      try {
        event = JSON.parse(message.payload) as AppEvent;
      } catch {
        log.warn({ payload: message.payload.slice(0, 200) }, 'unreadable event dropped');
        return;
      }
      dispatch(event);
    });
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      connection.removeAllListeners('notification');
      connection.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'event bus connection lost; reconnecting');
      scheduleReconnect();
    };
    connection.on('error', lost);
    connection.on('end', () => lost());
    await connection.connect();
    await connection.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
    client = connection;
  }

  function scheduleReconnect() {
    const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
    failures += 1;
    retryTimer = setTimeout(async () => {
      if (closed) return;
      try {
        await connect();
        failures = 0;
        log.info('event bus listening again');
        dispatch({ type: 'resync' });
      } catch (error) {
        log.warn({ err: error }, 'event bus reconnect failed');
        scheduleReconnect();
      }
    }, delay);
    retryTimer.unref();
  }

  await connect();

  // The round trip in flight, and the one that will start after it (for calls made while one is in flight).
  let inFlight: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    const connection = client;
    if (!connection || closed) return Promise.reject(new Error('The event bus is not listening.'));
    const trip = protocolSync(connection);
    const settled: Promise<void> = trip.then(
      () => void (inFlight === settled && (inFlight = null)),
      () => void (inFlight === settled && (inFlight = null)),
    );
    inFlight = settled;
    return trip;
  };
  const sync = (): Promise<void> => {
    // One already in flight may have passed the commit this caller knows of: wait for the next one.
    if (!inFlight) return roundTrip();
    if (!next) {
      next = inFlight.catch(() => undefined).then(() => {
        next = null;
        return roundTrip();
      });
    }
    return next;
  };

  const on = (listener: EventListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  return {
    on,
    listening: () => client !== null && !closed,
    sync,
    stream<T>(select: (event: AppEvent) => T | undefined): EventStream<T> {
      const queue: T[] = [];
      let wake: (() => void) | null = null;
      let done = false;
      const off = on((event) => {
        const value = select(event);
        if (value === undefined) return;
        if (queue.length >= MAX_QUEUED) queue.shift();
        queue.push(value);
        wake?.();
      });
      const finish = async (): Promise<IteratorResult<T>> => {
        done = true;
        off();
        wake?.();
        return { done: true, value: undefined };
      };
      return {
        async next() {
          while (!queue.length && !done) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          if (!queue.length) return { done: true, value: undefined };
          return { done: false, value: queue.shift() as T };
        },
        return: finish,
        async throw(error?: unknown) {
          await finish();
          throw error;
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
    },
  };
}
