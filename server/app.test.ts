// The app as a whole, over HTTP: probes, request ids, runtime config, REST
// error shapes and the GraphQL endpoint's hardening (graphql-armor, batching,
// parse errors, field suggestions, no stack traces).
import { signUp } from './test/identity';
import { testEnv } from './test/infrastructure';
import { startTestApp, type TestApp } from './test/test-app';

let app: TestApp;
let production: TestApp;
beforeAll(async () => {
  [app, production] = await Promise.all([startTestApp(), startTestApp({}, { nodeEnv: 'production' })]);
});
afterAll(async () => {
  await Promise.all([app?.close(), production?.close()]);
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** POST /graphql with any body; the raw text is kept to look for leaks. */
async function postGraphql(target: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
}

function expectNoStackTrace(text: string) {
  expect(text).not.toMatch(/"stack"|stacktrace/i);
  expect(text).not.toMatch(/(^|\\n|\n)\s*at \S/); // "    at fn (file.ts:1:2)" lines
  expect(text).not.toMatch(/\.(ts|js|mjs|cjs):\d+:\d+/);
  expect(text).not.toContain('node_modules');
}

/** A selection `depth` levels deep: __type > fields > type > ofType... > name. */
function introspectionOfDepth(depth: number): string {
  let selection = 'name';
  for (let level = 0; level < depth - 4; level++) selection = `ofType { ${selection} }`;
  return `__type(name: "User") { fields { type { ${selection} } } }`;
}

const aliases = (count: number, field: string) => Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ');

describe('probes and request ids', () => {
  it('answers /healthz without touching anything', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(UUID);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('answers /readyz when the database is reachable', async () => {
    const response = await fetch(`${app.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });

  it('gives every response a request id, echoing a well-formed incoming one', async () => {
    const first = await fetch(`${app.url}/readyz`);
    const second = await fetch(`${app.url}/readyz`);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));

    const echoed = await fetch(`${app.url}/readyz`, { headers: { 'x-request-id': 'trace-42.abc_DEF' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42.abc_DEF');

    // Anything that could smuggle content into logs or headers is replaced.
    for (const incoming of ['has spaces', 'x'.repeat(65), 'semi;colon', '<script>']) {
      const replaced = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': incoming } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }

    // Errors, REST and GraphQL carry it too.
    const missing = await fetch(`${app.url}/api/nope`, { headers: { 'x-request-id': 'req-404' } });
    expect(missing.headers.get('x-request-id')).toBe('req-404');
    const graphql = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-gql' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.headers.get('x-request-id')).toBe('req-gql');
  });
});

describe('GET /api/config', () => {
  it('returns what the browser needs, the emulator URL included, and nothing secret', async () => {
    const response = await fetch(`${app.url}/api/config`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const projectId = testEnv().firebaseProjectId;
    expect(JSON.parse(text)).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId },
      authEmulatorUrl: `http://${testEnv().authEmulatorHost}`,
      maxUploadBytes: 1024 * 1024,
      // The local payment server: only the publishable key, never the secret one.
      payments: { provider: 'local', publishableKey: expect.stringMatching(/^pk_test_local_/), apiUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
      // Introspection is on outside production (server/graphql/introspection.test.ts has the other cases).
      graphqlIntrospection: true,
    });
    expect(text).not.toMatch(/postgres|password|secret|private|serviceAccount|databaseUrl|dataDir|uploadDir/i);
  });

  it('needs no token, and ignores an invalid one', async () => {
    const result = await app.rest('GET', '/api/config', { token: 'not-a-jwt' });
    expect(result.status).toBe(200);
    expect(result.body.authEmulatorUrl).toBe(`http://${testEnv().authEmulatorHost}`);
  });
});

describe('REST errors', () => {
  it('answers unknown /api paths with 404 JSON, not the web client', async () => {
    expect(await app.rest('GET', '/api/nope')).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'No API route GET /api/nope.' } });
    expect(await app.rest('POST', '/api/users/role', { body: {} })).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'No API route POST /api/users/role.' } });
    const html = await fetch(`${app.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 400 for a malformed JSON body', async () => {
    const account = await signUp();
    for (const body of ['{"name": "Ada",', '{name: Ada}', '[1, 2']) {
      const result = await app.rest('POST', '/api/users', { token: account.idToken, body, headers: { 'content-type': 'application/json' } });
      expect(result).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: 'Malformed JSON body.' } });
    }
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const account = await signUp();
    const result = await app.rest('POST', '/api/users', { token: account.idToken, body: { name: 'x'.repeat(1024 * 1024 + 10) } });
    expect(result).toEqual({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large.' } });
  });
});

describe('GraphQL hardening', () => {
  it(`executes a query 10 levels deep, and refuses one 11 levels deep without executing anything`, async () => {
    const allowed = await app.graphqlText(`{ ${introspectionOfDepth(10)} }`);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data).toHaveProperty('__type.fields');

    const refused = await app.graphqlText(`{ ${introspectionOfDepth(11)} }`);
    expect(refused.status).toBe(400);
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toEqual([{ message: expect.stringContaining('Query depth limit of 10 exceeded, found 11.'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);

    // Depth counts fields, not fragments: the same 10 levels through nested spreads pass, 11 do not.
    const throughFragments = (depth: number) =>
      `{ __type(name: "User") { ...L1 } } fragment L1 on __Type { ...L2 } fragment L2 on __Type { ${introspectionOfDepth(depth).replace(/^__type\(name: "User"\) \{ /, '').replace(/ \}$/, '')} }`;
    expect((await app.graphqlText(throughFragments(10))).errors).toBeUndefined();
    expect((await app.graphqlText(throughFragments(11))).errors).toEqual([{ message: expect.stringContaining('Query depth limit of 10 exceeded, found 11.'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);

    // The whole document is validated first: a mutation next to a too-deep query does not run.
    const account = await signUp();
    const mixed = await postGraphql(
      app,
      { query: `mutation Write { recordSignIn { id } } query Deep { ${introspectionOfDepth(11)} }`, operationName: 'Write' },
      { authorization: `Bearer ${account.idToken}` },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  it('allows 15 aliases and refuses 16 without executing anything', async () => {
    const account = await signUp();
    const fifteen = await app.graphqlText(`{ ${aliases(15, 'me { id }')} }`, {}, account.idToken);
    expect(fifteen.errors).toBeUndefined();
    expect(Object.keys(fifteen.data ?? {})).toHaveLength(15);

    const sixteen = await app.graphqlText(`mutation { ${aliases(16, 'recordSignIn { id }')} }`, {}, account.idToken);
    expect(sixteen.status).toBe(400);
    expect(sixteen.data).toBeUndefined();
    expect(sixteen.errors).toEqual([{ message: expect.stringContaining('Aliases limit of 15 exceeded, found 16.'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  it('answers a syntax error with GRAPHQL_PARSE_FAILED (400), in development and production', async () => {
    for (const target of [app, production]) {
      for (const query of ['{ me { id ', 'query {', '{ me(: 1) }', 'mutation { recordSignIn { id } } }']) {
        const result = await postGraphql(target, { query });
        expect({ query, status: result.status }).toEqual({ query, status: 400 });
        expect(result.body.data).toBeUndefined();
        expect(result.body.errors).toEqual([{ message: expect.stringMatching(/^Syntax Error: /), locations: expect.any(Array), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }]);
      }
    }
  });

  it('refuses a document of more than 2000 tokens before parsing all of it', async () => {
    const result = await postGraphql(app, { query: `{ ${Array.from({ length: 2100 }, () => '__typename').join(' ')} }` });
    expect(result.status).toBe(400);
    expect(result.body.data).toBeUndefined();
    expect(result.body.errors).toEqual([{ message: expect.stringContaining('2000 tokens'), locations: expect.any(Array), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }]);
  });

  it('refuses batched requests (a JSON array body) without executing any of them', async () => {
    const account = await signUp();
    const result = await postGraphql(app, [{ query: 'mutation { recordSignIn { id } }' }, { query: '{ __typename }' }], { authorization: `Bearer ${account.idToken}` });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ errors: [{ message: 'Operation batching disabled.', extensions: { code: 'BAD_REQUEST' } }] });
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  it('suggests field, argument and type names in development only', async () => {
    const mistakes = [
      ['{ mee { id } }', '"me"'],
      ['query($e: String!) { roleByEmail(emial: $e) { role } }', '"email"'],
      ['query($r: Rol) { __typename }', '"Role"'],
    ] as const;
    for (const [query, name] of mistakes) {
      const development = await postGraphql(app, { query });
      expect(development.status).toBe(400);
      expect(development.body.errors?.map((e) => e.message).join(' ')).toContain(`Did you mean ${name}`);

      const hidden = await postGraphql(production, { query });
      expect(hidden.status).toBe(400);
      expect(hidden.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(hidden.body.errors?.map((e) => e.message).join(' ')).not.toContain('Did you mean');
      expect(hidden.body.errors?.[0].message).not.toContain(name);
    }
  });

  it('never shows a stack trace in an error response', async () => {
    const account = await signUp();
    const auth = { authorization: `Bearer ${account.idToken}` };
    for (const target of [app, production]) {
      const responses = [
        await postGraphql(target, { query: '{ me { id ' }),
        await postGraphql(target, { query: '{ mee { id } }' }),
        await postGraphql(target, { query: `{ ${introspectionOfDepth(11)} }` }),
        await postGraphql(target, { query: `{ ${aliases(16, 'me { id }')} }` }),
        await postGraphql(target, [{ query: '{ __typename }' }]),
        await postGraphql(target, { query: '{ me { id } }' }, { authorization: 'Bearer not-a-jwt' }),
        await postGraphql(target, { query: 'query($e: String!) { roleByEmail(email: $e) { role } }', variables: { e: 42 } }, auth),
        await postGraphql(target, { query: '{ roleByEmail(email: "someone@example.test") { role } }' }, auth),
        await postGraphql(target, { query: 42 }),
        await postGraphql(target, '{"query": '),
      ];
      for (const response of responses) {
        expect(response.status).toBeLessThan(500);
        expect(response.body.errors ?? response.body).toBeTruthy();
        expectNoStackTrace(response.text);
      }
      // GraphQL errors carry only message, locations, path and a code.
      for (const response of responses.slice(0, 8)) {
        for (const error of response.body.errors ?? []) {
          expect(Object.keys(error).every((key) => ['message', 'locations', 'path', 'extensions'].includes(key))).toBe(true);
          expect(Object.keys(error.extensions ?? {}).every((key) => ['code', 'fieldErrors'].includes(key))).toBe(true);
        }
      }

      for (const [method, pathname, body] of [
        ['GET', '/api/nope', undefined],
        ['POST', '/api/users', '{"name":'],
        ['GET', '/api/users/role/a@b.test', undefined],
        ['POST', '/api/uploads', 'not multipart'],
      ] as const) {
        const response = await fetch(`${target.url}${pathname}`, {
          method,
          headers: { ...auth, ...(body ? { 'content-type': pathname === '/api/uploads' ? 'multipart/form-data; boundary=xyz' : 'application/json' } : {}) },
          body,
        });
        expect({ pathname, clientError: response.status >= 400 && response.status < 500 }).toEqual({ pathname, clientError: true });
        expectNoStackTrace(await response.text());
      }
    }
  });
});

describe('POST /graphql answers', () => {
  it('are JSON with their exact length, the API’s security headers, and no ETag to compute', async () => {
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ data: { __typename: 'Query' } });
    expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json; charset=utf-8$/);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });

  it('are compressed for a client that accepts it', async () => {
    // An answer over compression's 1 kB threshold: one validation error per unknown field.
    const unknownFields = Array.from({ length: 40 }, (_, i) => `noSuchField${i}`).join(' ');
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: `{ ${unknownFields} }` }),
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(((await response.json()) as { errors: unknown[] }).errors).toHaveLength(40);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
  });
});

describe('GET /graphql', () => {
  it('sends a browser to the offline explorer', async () => {
    const response = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml' }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/sandbox');
  });

  it('does not redirect API clients', async () => {
    const response = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
      redirect: 'manual',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
