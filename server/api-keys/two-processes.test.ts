// An API key across two API processes on one database: app A in this test's
// process and app B, a separate server/main.ts process. The key works on both,
// its revocation (made on B) refuses the very next request on both, and the
// owner's demotion applies on both at once: each process keeps the keys it
// verified and their owners' records only until a change to their rows is
// announced (api-key-credential.ts), and serves them after hearing every change
// committed before the request.
import { startTwoAppsWithCast, okData, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { AppProcess } from '../test/app-process';
import type { TestApp } from '../test/test-app';
import { INVALID_API_KEY, KEY_OWNER_NOT_ALLOWED } from './api-key-credential';

let a: TestApp;
let b: AppProcess;
let agent: Account;
let stopBoth: () => Promise<void>;

beforeAll(async () => ({ a, b, cast: { agent }, stopBoth } = await startTwoAppsWithCast(['agent'])), 120_000);
afterAll(() => stopBoth?.());

/** The agent's listings by key, as an integrator asks for them: GraphQL status and first error's message. */
async function myListings(url: string, key: string): Promise<{ status: number; error?: string; pid: string | null }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: '{ myProperties(first: 1) { nodes { id } } }' }),
  });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  return { status: response.status, error: body.errors?.[0]?.message, pid: response.headers.get('x-opennest-pid') };
}

async function restOn(url: string, key: string, method: string, path: string): Promise<number> {
  const response = await fetch(`${url}/api${path}`, { method, headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return response.status;
}

it('works on both processes, and a revocation made on one refuses the next request on both', async () => {
  const { secret, apiKey } = okData(await a.graphql(operations.CreateApiKey, { input: { name: 'Sync', scopes: ['listings:read'], expiresInDays: 90 } }, agent.idToken)).createApiKey;
  const onA = await myListings(a.url, secret);
  const onB = await myListings(b.url, secret);
  expect([onA.error, onB.error]).toEqual([undefined, undefined]);
  expect(onA.pid).not.toBe(onB.pid);
  expect(await restOn(b.url, secret, 'GET', '/properties/verified')).toBe(200);

  // Revoked through B's GraphQL by the owner's ID token.
  const revoke = await fetch(`${b.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.idToken}` },
    body: JSON.stringify({ query: 'mutation($id: ID!) { revokeApiKey(id: $id) { revokedAt } }', variables: { id: apiKey.id } }),
  });
  expect(((await revoke.json()) as { data: { revokeApiKey: { revokedAt: string } } }).data.revokeApiKey.revokedAt).toBeTruthy();

  expect((await myListings(a.url, secret)).error).toBe(INVALID_API_KEY);
  expect((await myListings(b.url, secret)).error).toBe(INVALID_API_KEY);
  expect(await restOn(a.url, secret, 'GET', '/properties/verified')).toBe(401);
  expect(await restOn(b.url, secret, 'GET', '/properties/verified')).toBe(401);
});

it('a demoted owner’s key stops on both processes at the next request', async () => {
  const owner = await a.createUser('agent');
  const { secret } = okData(await a.graphql(operations.CreateApiKey, { input: { name: 'Demoted', scopes: ['listings:read'], expiresInDays: 30 } }, owner.idToken)).createApiKey;
  expect((await myListings(b.url, secret)).error).toBeUndefined();
  await a.db.user.update({ where: { id: owner.user.id }, data: { role: 'user' } });
  expect((await myListings(a.url, secret)).error).toBe(KEY_OWNER_NOT_ALLOWED);
  expect((await myListings(b.url, secret)).error).toBe(KEY_OWNER_NOT_ALLOWED);
});
