// The caller's record kept between requests (viewer-lookup.ts), against the
// real parts: two app processes on one database (this test's in-process app A
// and B, a separate process running server/main.ts), the Auth emulator and the
// users-changed trigger. A role change or a fraud marking made through one
// process applies to the next request on both; while kept, the record is not
// read again.
import { startTwoAppsWithCast, type Account } from '../test/fixtures';
import type { AppProcess } from '../test/app-process';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';
import { createEventBus } from '../events/event-bus';
import { createLogger } from '../infra/logger';
import { cachedViewerLookup, databaseViewerLookup, type ViewerLookup } from './viewer-lookup';

let a: TestApp;
let b: AppProcess;
let stopBoth: () => Promise<void>;
let admin: Account, agent: Account, buyer: Account;

beforeAll(async () => ({ a, b, stopBoth, cast: { admin, agent, buyer } } = await startTwoAppsWithCast(['admin', 'agent', 'buyer'])), 120_000);
afterAll(() => stopBoth?.());

async function roleOn(url: string, token: string): Promise<unknown> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ me { role } }' }),
  });
  const json = (await response.json()) as { data?: { me: { role: string } | null }; errors?: Array<{ extensions: { code: string } }> };
  return json.data?.me?.role ?? json.errors?.[0]?.extensions.code;
}

const isCallerLookup = (sql: string) => /FROM "public"\."users" WHERE \("public"\."users"\."firebase_uid" = /.test(sql);

it('reads the caller’s record once, then keeps it until it changes', async () => {
  await roleOn(a.url, buyer.idToken);
  const kept = await a.sqlStatementsDuring(() => a.graphql(operations.Me, {}, buyer.idToken));
  expect(kept.result.data?.me?.role).toBe('user');
  expect(kept.statements.filter(isCallerLookup)).toHaveLength(0);

  // Any change to the row (here a name, written straight to the database) drops the kept copy.
  await a.db.user.update({ where: { id: buyer.user.id }, data: { name: 'Bea Renamed' } });
  const changed = await a.sqlStatementsDuring(() => a.graphql(operations.Me, {}, buyer.idToken));
  expect(changed.result.data?.me?.name).toBe('Bea Renamed');
  expect(changed.statements.filter(isCallerLookup)).toHaveLength(1);
});

it('applies a role change made through one process to the next request on the other', async () => {
  const promoted = await a.createUser('user', { name: 'Pat Promoted' });
  // Both processes have read and kept the record.
  expect(await roleOn(a.url, promoted.idToken)).toBe('user');
  expect(await roleOn(b.url, promoted.idToken)).toBe('user');
  expect(await roleOn(b.url, promoted.idToken)).toBe('user');

  const viaA = await a.graphql(operations.SetUserRole, { id: promoted.user.id, role: 'agent' }, admin.idToken);
  expect(viaA.errors).toBeUndefined();
  expect(await roleOn(b.url, promoted.idToken)).toBe('agent');
  expect(await roleOn(a.url, promoted.idToken)).toBe('agent');

  // And back the other way: an admin on B makes them an admin; A knows at once.
  const viaB = await fetch(`${b.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.idToken}` },
    body: JSON.stringify({ query: 'mutation($id: ID!) { setUserRole(id: $id, role: admin) { role } }', variables: { id: promoted.user.id } }),
  });
  expect(await viaB.json()).toEqual({ data: { setUserRole: { role: 'admin' } } });
  expect(await roleOn(a.url, promoted.idToken)).toBe('admin');
  expect(await roleOn(b.url, promoted.idToken)).toBe('admin');
}, 60_000);

it('refuses an agent marked as fraud through one process on the next request to the other', async () => {
  const addListing = (url: string) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.idToken}` },
      body: JSON.stringify({
        query: 'mutation($input: AddPropertyInput!) { addProperty(input: $input) { id } }',
        variables: { input: { title: 'Kept record flat', location: 'Dhaka', image: '/uploads/none.webp', priceMin: '100', priceMax: '200' } },
      }),
    }).then((response) => response.json() as Promise<{ errors?: Array<{ extensions: { code: string } }> }>);
  expect(await roleOn(b.url, agent.idToken)).toBe('agent');
  expect(await roleOn(a.url, agent.idToken)).toBe('agent');

  const marked = await a.graphql(operations.MarkUserAsFraud, { id: agent.user.id }, admin.idToken);
  expect(marked.errors).toBeUndefined();
  expect(await roleOn(b.url, agent.idToken)).toBe('fraud');
  expect((await addListing(b.url)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  expect((await addListing(a.url)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
}, 60_000);

describe('the kept records', () => {
  let events: Awaited<ReturnType<typeof createEventBus>>;
  let reads: string[];
  let lookup: ReturnType<typeof cachedViewerLookup>;

  beforeAll(async () => {
    events = await createEventBus({ databaseUrl: a.databaseUrl, log: createLogger('silent') });
  });
  afterAll(async () => {
    await events?.close();
  });
  beforeEach(() => {
    reads = [];
    const counted: ViewerLookup = (uid) => {
      reads.push(uid);
      return databaseViewerLookup(a.db)(uid);
    };
    lookup = cachedViewerLookup(counted, events, { maxEntries: 2 });
  });
  afterEach(() => lookup.stop());

  it('holds at most maxEntries records, dropping the least recently used', async () => {
    await lookup(admin.uid);
    await lookup(agent.uid);
    await lookup(admin.uid); // agent is now the least recently used
    await lookup(buyer.uid);
    expect(lookup.size).toBe(2);
    await lookup(admin.uid);
    await lookup(agent.uid);
    expect(reads).toEqual([admin.uid, agent.uid, buyer.uid, agent.uid]);
  });

  it('does not keep "no record yet", so a record created by sign-up is seen at once', async () => {
    await lookup('no-such-uid');
    await lookup('no-such-uid');
    expect(reads).toEqual(['no-such-uid', 'no-such-uid']);
    expect(lookup.size).toBe(0);
  });

  it('reads from the database every time while it cannot hear changes', async () => {
    const deaf = await createEventBus({ databaseUrl: a.databaseUrl, log: createLogger('silent') });
    const counted: ViewerLookup = (uid) => {
      reads.push(uid);
      return databaseViewerLookup(a.db)(uid);
    };
    const deafLookup = cachedViewerLookup(counted, deaf);
    await deafLookup(buyer.uid);
    await deaf.close();
    await deafLookup(buyer.uid);
    await deafLookup(buyer.uid);
    expect(reads).toEqual([buyer.uid, buyer.uid, buyer.uid]);
    expect(deafLookup.size).toBe(0);
    deafLookup.stop();
  });
});
