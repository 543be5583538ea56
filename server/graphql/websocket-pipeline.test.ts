// One GraphQL pipeline for HTTP and WebSocket (operation-pipeline.ts): a document
// refused over HTTP is refused over the socket with the same code, never as
// INTERNAL_SERVER_ERROR and never logged at error level; a message over 1 MiB is
// refused from its frame header before it is read (close 1009), even before
// connection_init; and subscriptions count against the same `graphql` rate limit,
// with the same key, as the caller's HTTP operations.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { DEFAULT_RATE_LIMITS, GENEROUS_RATE_LIMITS } from '../rate-limits/rate-limits';
import { createCast, type Account } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/test-app';
import { MAX_MESSAGE_BYTES } from './websocket';

/** Everything the app logs, parsed (pino's JSON lines). */
function memoryLogger() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines, errors: () => lines.filter((line) => line.level >= 50) };
}

/** POST /graphql with an operation name, as a client sends it. */
async function postGraphql(app: TestApp, token: string, payload: { query: string; variables?: Record<string, unknown>; operationName?: string }) {
  const response = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(payload) });
  return { status: response.status, ...((await response.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> }) };
}

const wsUrl = (app: TestApp) => `${app.url.replace(/^http/, 'ws')}/graphql`;

/** Subscribes over a socket of its own; resolves with the first thing the server answers: data, or the error message's errors. */
async function subscribeOnce(app: TestApp, token: string, payload: { query: string; variables?: Record<string, unknown>; operationName?: string }) {
  const client = createClient({ url: wsUrl(app), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
  try {
    return await new Promise<{ data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number } }> }>((resolve, reject) => {
      client.subscribe(payload as { query: string }, {
        next: (result) => resolve(result as never),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error)),
        complete: () => resolve({}),
      });
    });
  } finally {
    await client.dispose();
  }
}

describe('refused documents', () => {
  let app: TestApp;
  let buyer: Account;
  const logs = memoryLogger();

  beforeAll(async () => {
    app = await startTestApp({ log: logs.log });
    ({ buyer } = await createCast(app, ['buyer']));
  }, 120_000);
  afterAll(() => app?.close());

  // What HTTP answers each document with is the expectation: the same code over the socket.
  const documents: Array<[string, { query: string; variables?: Record<string, unknown>; operationName?: string }]> = [
    ['a syntax error', { query: 'subscription { messageEvents {' }],
    ['an unknown field', { query: 'subscription { notAField }' }],
    ['a field the type lacks', { query: 'subscription { messageEvents { notAField } }' }],
    ['too many aliases', { query: `subscription { ${Array.from({ length: 16 }, (_, i) => `a${i}: messageEvents { __typename }`).join(' ')} }` }],
    ['too many tokens', { query: `subscription { messageEvents { ${'__typename '.repeat(2100)} } }` }],
    ['an undeclared variable', { query: 'subscription { messageEvents { message { body(x: $x) } } }' }],
    ['an unknown operation name', { query: 'subscription A { messageEvents { __typename } }', operationName: 'B' }],
    ['a variable of the wrong type', { query: 'subscription S($n: Int!) { messageEvents { __typename } }', variables: { n: 'not a number' } }],
  ];

  it.each(documents)('%s: the code HTTP answers with, never INTERNAL_SERVER_ERROR, nothing logged at error level', async (_name, payload) => {
    const overHttp = await postGraphql(app, buyer.idToken, payload);
    const httpCodes = overHttp.errors?.map((error) => error.extensions?.code);
    expect(httpCodes?.[0]).toMatch(/^(GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED|OPERATION_RESOLUTION_FAILURE|BAD_USER_INPUT)$/);
    expect(overHttp.status).toBe(400);

    const overSocket = await subscribeOnce(app, buyer.idToken, payload);
    expect(overSocket.errors?.map((error) => error.extensions?.code)).toEqual(httpCodes);
    expect(logs.errors()).toEqual([]);
  });

  it('refuses a query or a mutation with BAD_REQUEST (they go over HTTP), and HTTP a subscription', async () => {
    const answer = await subscribeOnce(app, buyer.idToken, { query: '{ me { id } }' });
    expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_REQUEST']);
    const overHttp = await postGraphql(app, buyer.idToken, { query: 'subscription { messageEvents { __typename } }' });
    expect({ status: overHttp.status, codes: overHttp.errors?.map((error) => error.extensions?.code) }).toEqual({ status: 400, codes: ['BAD_REQUEST'] });
    expect(logs.errors()).toEqual([]);
  });

  it('logs each operation over the socket on the line HTTP uses, with its error codes', async () => {
    await subscribeOnce(app, buyer.idToken, { query: 'subscription Broken { notAField }' });
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'graphql operation', transport: 'websocket', errors: ['GRAPHQL_VALIDATION_FAILED'] }));
  });

  it(`closes a socket whose first message is over ${MAX_MESSAGE_BYTES} bytes (1009) before reading it, and keeps serving`, async () => {
    const socket = new WebSocket(wsUrl(app), 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    // An 8 MB connection_init, anonymous: refused from the frame's length, whatever it holds.
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(8 * 1024 * 1024) } }));
    expect(await closed).toBe(1009);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'WebSocket message over the size limit refused unread' }));
    expect(logs.errors()).toEqual([]);

    const stillServing = await subscribeOnce(app, buyer.idToken, { query: 'subscription { notAField }' });
    expect(stillServing.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('rate limits', () => {
  let app: TestApp;
  let buyer: Account;

  beforeAll(async () => {
    // Five GraphQL points a minute for each caller, whichever transport carries the operation.
    app = await startTestApp({}, { rateLimits: { ...GENEROUS_RATE_LIMITS, messages: DEFAULT_RATE_LIMITS.messages, graphql: { points: 5, seconds: 60 } } });
    ({ buyer } = await createCast(app, ['buyer']));
  }, 120_000);
  afterAll(() => app?.close());

  it('counts subscriptions (and opening the socket) against the caller’s HTTP GraphQL budget', async () => {
    // Three queries over HTTP (createCast's recordSignIn counted under the token's uid: the record did not exist yet).
    for (let i = 0; i < 3; i += 1) expect((await app.graphqlText('{ me { id } }', undefined, buyer.idToken)).errors).toBeUndefined();
    // The socket's connection (1) and its subscription (1): the 5th point.
    const client = createClient({ url: wsUrl(app), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${buyer.idToken}` }, retryAttempts: 0, lazy: false, onNonLazyError: () => undefined });
    try {
      const first = await new Promise<{ data?: unknown; errors?: Array<{ extensions?: { code?: string; retryAfter?: number } }> }>((resolve, reject) => {
        client.subscribe({ query: 'subscription { notificationEvents { unreadCount } }' }, { next: (result) => resolve(result as never), error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error)), complete: () => undefined });
      });
      expect(first.errors).toBeUndefined();
      // The budget is spent: another subscription on the same socket, and an HTTP query, are refused alike.
      const refused = await new Promise<{ errors?: Array<{ extensions?: { code?: string; retryAfter?: number } }> }>((resolve, reject) => {
        client.subscribe({ query: 'subscription { messageEvents { __typename } }' }, { next: (result) => resolve(result as never), error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error)), complete: () => undefined });
      });
      expect(refused.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      const overHttp = await app.graphqlText('{ me { id } }', undefined, buyer.idToken);
      expect(overHttp.status).toBe(429);
      expect(overHttp.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    } finally {
      await client.dispose();
    }
  });

  it('closes a new socket of a caller over the limit with 1013 (try again later), not 4403 (sign in again)', async () => {
    const socket = new WebSocket(wsUrl(app), 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${buyer.idToken}` } }));
    expect(await closed).toBe(1013);
  });
});
