// Integrators' API keys through the real app: made with scopes and an expiry,
// listed without their secret, revoked; a key on GraphQL, the REST adapter and
// the WebSocket acts as its owner within its scopes; unknown, revoked and
// expired keys get the same 401; a demoted owner's key stops at once; uses are
// recorded (sampled) and audited; the secret never appears in the logs.
import { Writable } from 'node:stream';
import { createLogger } from '../infra/logger';
import { dataOf, errorOf, okData, unique, type Account } from '../test/fixtures';
import { createCast } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { subscribe } from '../test/live';
import { looseVariables, startTestApp, type TestApp } from '../test/test-app';
import { INVALID_API_KEY, KEY_OWNER_NOT_ALLOWED, parseApiKey } from './api-key-credential';
import { ADMIN_SCOPE_FOR_ADMINS, API_KEY_NOT_FOUND } from './api-keys.service';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, admin: Account;
/** Every line the app logged, at the most verbose level. */
const logged: string[] = [];

beforeAll(async () => {
  const sink = new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) });
  app = await startTestApp({ log: createLogger('trace', sink) });
  ({ agent, otherAgent, buyer, admin } = await createCast(app, ['agent', 'otherAgent', 'buyer', 'admin']));
});
afterAll(() => app?.close());

const makeKey = async (account: Account, scopes: string[], expiresInDays = 30) =>
  okData(await app.graphql(operations.CreateApiKey, { input: { name: unique('Key'), scopes, expiresInDays } }, account.idToken)).createApiKey;

const seedListing = (agentId: string) =>
  app.db.property.create({ data: { agentId, title: unique('Keyed'), location: 'Key Street', image: 'https://images.example.test/k.jpg', priceMin: '100', priceMax: '200', status: 'verified' } });

describe('making, listing and revoking keys', () => {
  it('shows the secret once, with its prefix; stores only its hash; lists keys without it', async () => {
    const { secret, apiKey } = await makeKey(agent, ['listings:read', 'listings:read', 'offers:read'], 365);
    expect(secret).toMatch(/^onk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(parseApiKey(secret)?.keyId).toBe(apiKey.keyId);
    expect(apiKey).toMatchObject({ scopes: ['listings:read', 'offers:read'], revokedAt: null, lastUsedAt: null });
    expect(new Date(apiKey.expiresAt).getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
    const row = await app.db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(Buffer.from(row.secretHash).toString('hex')).not.toContain(Buffer.from(secret).toString('hex'));
    expect(JSON.stringify(row)).not.toContain(parseApiKey(secret)!.secret);

    const listed = okData(await app.graphql(operations.ApiKeys, {}, agent.idToken)).apiKeys;
    expect(listed.map((key) => key.id)).toContain(apiKey.id);
    expect(JSON.stringify(listed)).not.toContain(parseApiKey(secret)!.secret);
    // Another account's list does not show it.
    expect(okData(await app.graphql(operations.ApiKeys, {}, otherAgent.idToken)).apiKeys.map((key) => key.id)).not.toContain(apiKey.id);
    expect(await app.db.apiKeyAuditEntry.findMany({ where: { apiKeyId: apiKey.id }, select: { action: true } })).toEqual([{ action: 'created' }]);
  });

  it('refuses a lifetime over a year, no scope, an unknown scope, and the admin scope for an agent; buyers may not make keys', async () => {
    const refusal = async (input: Record<string, unknown>, account = agent) => errorOf(await app.graphql(operations.CreateApiKey, looseVariables({ input: { name: 'K', scopes: ['listings:read'], expiresInDays: 30, ...input } }), account.idToken));
    expect(await refusal({ expiresInDays: 366 })).toMatchObject({ message: 'A key lasts at most 365 days (one year)', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refusal({ expiresInDays: 0 })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refusal({ scopes: [] })).toMatchObject({ message: 'Choose at least one scope', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refusal({ scopes: ['everything'] })).toMatchObject({ message: 'Unknown scope', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refusal({ name: ' ' })).toMatchObject({ message: 'Name is required' });
    expect(await refusal({ scopes: ['admin'] })).toMatchObject({ message: ADMIN_SCOPE_FOR_ADMINS, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refusal({}, buyer)).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect((await makeKey(admin, ['admin'])).apiKey.scopes).toEqual(['admin']);
  });

  it('revokes only the owner’s key, once (audited once); another’s key looks missing', async () => {
    const { apiKey } = await makeKey(agent, ['listings:read']);
    expect(errorOf(await app.graphql(operations.RevokeApiKey, { id: apiKey.id }, otherAgent.idToken))).toMatchObject({ message: API_KEY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    const first = okData(await app.graphql(operations.RevokeApiKey, { id: apiKey.id }, agent.idToken)).revokeApiKey;
    expect(first.revokedAt).not.toBeNull();
    const again = okData(await app.graphql(operations.RevokeApiKey, { id: apiKey.id }, agent.idToken)).revokeApiKey;
    expect(again.revokedAt).toBe(first.revokedAt);
    const audit = await app.db.apiKeyAuditEntry.findMany({ where: { apiKeyId: apiKey.id }, orderBy: { at: 'asc' }, select: { action: true } });
    expect(audit.map((entry) => entry.action)).toEqual(['created', 'revoked']);
  });
});

describe('a key as a credential', () => {
  it('acts as its owner on GraphQL within its scopes: a missing scope is 403, an operation without a scope is closed to keys', async () => {
    const { secret } = await makeKey(agent, ['listings:read']);
    const own = await seedListing(agent.user.id);
    const mine = okData(await app.graphql(operations.MyProperties, { first: 50 }, secret)).myProperties.nodes.map((node) => node.id);
    expect(mine).toContain(own.id);
    expect(okData(await app.graphql(operations.Property, { id: own.id }, secret)).property.id).toBe(own.id);

    const write = await app.graphql(operations.AddProperty, { input: { title: 'By key', location: 'Dhaka', image: 'https://images.example.test/a.jpg', priceMin: '1', priceMax: '2' } }, secret);
    expect(errorOf(write)).toMatchObject({ message: 'This API key lacks the scope listings:write.', extensions: { code: 'FORBIDDEN' } });
    // A key can never make or list keys (no scope opens them).
    expect(errorOf(await app.graphql(operations.CreateApiKey, { input: { name: 'Child', scopes: ['listings:read'], expiresInDays: 365 } }, secret))).toMatchObject({ message: 'This operation cannot be called with an API key.', extensions: { code: 'FORBIDDEN' } });
    expect(errorOf(await app.graphql(operations.ApiKeys, {}, secret))?.extensions?.code).toBe('FORBIDDEN');
    // Public operations stay open.
    expect(dataOf(await app.graphql(operations.AdvertisedProperties, { first: 1 }, secret)).advertisedProperties).toBeDefined();
  });

  it('works on the REST adapter: 200 within its scope, 403 without it', async () => {
    const { secret } = await makeKey(agent, ['listings:read']);
    const own = await seedListing(agent.user.id);
    const got = await app.rest('GET', `/api/properties/${own.id}`, { token: secret });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ _id: own.id });
    const refused = await app.rest('DELETE', `/api/properties/${own.id}`, { token: secret });
    expect(refused.status).toBe(403);
    expect(await app.db.property.findUnique({ where: { id: own.id } })).not.toBeNull();
  });

  it('works on the WebSocket, and the subscription ends when the key is revoked', async () => {
    const { secret, apiKey } = await makeKey(agent, ['messages:read']);
    const live = await subscribe(app.url, secret, operations.MessageEvents);
    try {
      expect(live.initial.errors).toBeUndefined();
      okData(await app.graphql(operations.RevokeApiKey, { id: apiKey.id }, agent.idToken));
      // The next event re-checks the subscriber: a buyer writes to the agent.
      const listing = await seedListing(agent.user.id);
      okData(await app.graphql(operations.ContactAgent, { propertyId: listing.id, body: 'Is it still available?' }, buyer.idToken));
      const next = await live.next(20_000);
      expect(next.errors?.[0]).toMatchObject({ message: INVALID_API_KEY });
    } finally {
      await live.close();
    }
    // A key without the scope cannot subscribe.
    const { secret: unscoped } = await makeKey(agent, ['listings:read']);
    const refused = await subscribe(app.url, unscoped, operations.MessageEvents);
    try {
      expect(refused.initial.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await refused.close();
    }
  });

  it('gives unknown, mistyped, revoked and expired keys the same 401', async () => {
    const { secret: revokedSecret, apiKey: revoked } = await makeKey(agent, ['listings:read']);
    okData(await app.graphql(operations.RevokeApiKey, { id: revoked.id }, agent.idToken));
    const { secret: expiredSecret, apiKey: expired } = await makeKey(agent, ['listings:read']);
    await app.db.apiKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { secret: good } = await makeKey(agent, ['listings:read']);
    const wrongSecret = `${good.slice(0, -4)}AAAA`;
    const unknown = `onk_zzzzzzzzzzzz_${'A'.repeat(43)}`;
    for (const key of [revokedSecret, expiredSecret, wrongSecret, unknown, 'onk_short']) {
      const graphql = await app.graphql(operations.MyProperties, { first: 1 }, key);
      expect(errorOf(graphql)).toMatchObject({ message: INVALID_API_KEY, extensions: { code: 'UNAUTHENTICATED' } });
      const rest = await app.rest('GET', '/api/properties/verified', { token: key });
      expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 401, message: INVALID_API_KEY });
    }
  });

  it('takes the owner’s role as it is now, on every request: a demoted or fraud-marked owner’s key stops at once', async () => {
    const owner = await app.createUser('agent');
    const { secret } = await makeKey(owner, ['listings:read']);
    expect(errorOf(await app.graphql(operations.MyProperties, { first: 1 }, secret))).toBeUndefined();
    // Roles an admin can give through the API are agent and admin: a demotion to buyer is made in the database.
    await app.db.user.update({ where: { id: owner.user.id }, data: { role: 'user' } });
    expect(errorOf(await app.graphql(operations.MyProperties, { first: 1 }, secret))).toMatchObject({ message: KEY_OWNER_NOT_ALLOWED, extensions: { code: 'FORBIDDEN' } });
    okData(await app.graphql(operations.SetUserRole, { id: owner.user.id, role: 'agent' }, admin.idToken));
    expect(errorOf(await app.graphql(operations.MyProperties, { first: 1 }, secret))).toBeUndefined();
    okData(await app.graphql(operations.MarkUserAsFraud, { id: owner.user.id }, admin.idToken));
    expect((await app.rest('GET', '/api/properties/verified', { token: secret })).status).toBe(403);
  });

  it('records the last use and its address, and audits uses at most once a minute per address', async () => {
    const { secret, apiKey } = await makeKey(agent, ['listings:read']);
    for (let i = 0; i < 3; i++) okData(await app.graphql(operations.MyProperties, { first: 1 }, secret));
    const [listed] = okData(await app.graphql(operations.ApiKeys, {}, agent.idToken)).apiKeys.filter((key) => key.id === apiKey.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedIp).toMatch(/127\.0\.0\.1/);
    const actions = (await app.db.apiKeyAuditEntry.findMany({ where: { apiKeyId: apiKey.id }, orderBy: { at: 'asc' } })).map((entry) => entry.action);
    expect(actions).toEqual(['created', 'used']);
  });

  it('costs no more SQL statements than an ID token for the same query, and a key kept by the process is still refused once revoked or expired', async () => {
    const { secret, apiKey } = await makeKey(agent, ['listings:read']);
    // The first uses read the key (one statement with its owner's uid) and record the use (sampled); later ones need neither.
    const first = await app.sqlStatementsDuring(() => app.graphql(operations.MyProperties, { first: 1 }, secret));
    expect(first.statements.filter((sql) => /api_keys/.test(sql))).toHaveLength(2);
    okData(await app.graphql(operations.MyProperties, { first: 1 }, agent.idToken));
    for (let i = 0; i < 2; i++) {
      const byKey = await app.sqlStatementsDuring(() => app.graphql(operations.MyProperties, { first: 1 }, secret));
      const byToken = await app.sqlStatementsDuring(() => app.graphql(operations.MyProperties, { first: 1 }, agent.idToken));
      expect(okData(byKey.result).myProperties).toEqual(okData(byToken.result).myProperties);
      expect(byKey.statements).toEqual(byToken.statements);
      expect(byKey.statements.filter((sql) => /api_key/.test(sql))).toEqual([]);
    }
    // Revoked: the kept key is dropped at commit and the very next request is refused.
    okData(await app.graphql(operations.RevokeApiKey, { id: apiKey.id }, agent.idToken));
    expect(errorOf(await app.graphql(operations.MyProperties, { first: 1 }, secret))).toMatchObject({ message: INVALID_API_KEY, extensions: { code: 'UNAUTHENTICATED' } });
    // Expired in the database after being kept: refused at once too.
    const { secret: later, apiKey: laterKey } = await makeKey(agent, ['listings:read']);
    okData(await app.graphql(operations.MyProperties, { first: 1 }, later));
    await app.db.apiKey.update({ where: { id: laterKey.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(errorOf(await app.graphql(operations.MyProperties, { first: 1 }, later))).toMatchObject({ message: INVALID_API_KEY });
  });

  it('never writes a secret to the logs (made, used on every door, refused), at the most verbose level', async () => {
    const { secret } = await makeKey(agent, ['listings:read']);
    okData(await app.graphql(operations.MyProperties, { first: 1 }, secret));
    await app.rest('GET', '/api/properties/verified', { token: secret });
    await app.rest('DELETE', '/api/properties/00000000-0000-0000-0000-000000000000', { token: secret });
    await app.graphql(operations.AddProperty, looseVariables({ input: { title: 1 } }), secret);
    const live = await subscribe(app.url, secret, operations.MessageEvents).catch(() => null);
    await live?.close();
    const all = logged.join('');
    expect(logged.length).toBeGreaterThan(5);
    expect(all).not.toContain(parseApiKey(secret)!.secret);
    expect(all).not.toContain(secret);
  });
});
