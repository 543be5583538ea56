// Disabled accounts and revoked sessions, as a real Firebase project treats
// their still-unexpired tokens: reads verify the token locally (by its claims
// here, as firebase-admin does without checkRevoked), writes (GraphQL mutations,
// REST methods other than GET) and every request of a fraud-marked account go
// through Firebase's revocation check, which the real Auth emulator answers.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { randomUUID } from 'node:crypto';
import { DISABLED_ACCOUNT_MESSAGE, REVOKED_SESSION_MESSAGE } from './identity-provider';
import { createListing, errorOf, okData, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { verifiedLikeARealProject } from '../test/identity';
import { testEnv } from '../test/infrastructure';
import { startTestApp, type TestApp } from '../test/test-app';
import { subscribe } from '../test/live';

let app: TestApp;
let agent: Account;
const adminSdk = initializeApp({ projectId: testEnv().firebaseProjectId }, `revocation-test-${randomUUID()}`);
const adminAuth = getAuth(adminSdk);

beforeAll(async () => {
  app = await startTestApp({ wrapIdentity: verifiedLikeARealProject });
  agent = await app.createUser('agent');
});
afterAll(async () => {
  await app?.close();
  await deleteApp(adminSdk);
});

const listing = () => createListing(app, agent.user.id);
/** Revokes `account`'s sessions. Revocation counts whole seconds: it is made in a later second than the token's sign-in. */
async function revokeSessions(account: Account) {
  const authTime = (JSON.parse(Buffer.from(account.idToken.split('.')[1], 'base64url').toString('utf8')) as { auth_time: number }).auth_time;
  while (Math.floor(Date.now() / 1000) <= authTime) await new Promise((resolve) => setTimeout(resolve, 100));
  await adminAuth.revokeRefreshTokens(account.uid);
}
const restWishlistAdd = (account: Account, propertyId: string) => app.rest('POST', '/api/wishlist', { token: account.idToken, body: { propertyId } });

it('refuses a disabled account’s unexpired token on its next write, REST and GraphQL, while its reads keep the local check', async () => {
  const buyer = await app.createUser('user');
  const property = await listing();
  await app.identity.updateAccount(buyer.uid, { disabled: true });

  const graphqlWrite = await app.graphql(operations.AddToWishlist, { propertyId: property.id }, buyer.idToken);
  expect(graphqlWrite.status).toBe(401);
  expect(errorOf(graphqlWrite)).toMatchObject({ message: DISABLED_ACCOUNT_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
  const restWrite = await restWishlistAdd(buyer, property.id);
  expect(restWrite).toMatchObject({ status: 401, body: { message: DISABLED_ACCOUNT_MESSAGE } });
  expect(await app.db.wishlistItem.count({ where: { userId: buyer.user.id } })).toBe(0);

  // A read of an unflagged account costs no look-up: it is served until the token expires.
  expect(okData(await app.graphql(operations.Me, {}, buyer.idToken)).me).toMatchObject({ id: buyer.user.id });
  expect((await app.rest('GET', `/api/wishlist?email=${encodeURIComponent(buyer.email)}`, { token: buyer.idToken })).status).toBe(200);
});

it('refuses a token issued before its sessions were revoked on a write', async () => {
  const buyer = await app.createUser('user');
  const property = await listing();
  await revokeSessions(buyer);

  const graphqlWrite = await app.graphql(operations.AddToWishlist, { propertyId: property.id }, buyer.idToken);
  expect(graphqlWrite.status).toBe(401);
  expect(errorOf(graphqlWrite)).toMatchObject({ message: REVOKED_SESSION_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
  expect(await restWishlistAdd(buyer, property.id)).toMatchObject({ status: 401, body: { message: REVOKED_SESSION_MESSAGE } });
  expect(await app.db.wishlistItem.count({ where: { userId: buyer.user.id } })).toBe(0);
});

it('checks every request of a fraud-marked account, reads included', async () => {
  const crook = await app.createUser('agent');
  await app.db.user.update({ where: { id: crook.user.id }, data: { role: 'fraud' } });
  expect(okData(await app.graphql(operations.Me, {}, crook.idToken)).me).toMatchObject({ role: 'fraud' });
  await app.identity.updateAccount(crook.uid, { disabled: true });
  expect(errorOf(await app.graphql(operations.Me, {}, crook.idToken))).toMatchObject({ message: DISABLED_ACCOUNT_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
  expect(await app.rest('GET', `/api/users/role/${encodeURIComponent(crook.email)}`, { token: crook.idToken })).toMatchObject({ status: 401, body: { message: DISABLED_ACCOUNT_MESSAGE } });
});

it('lets a normal account write, REST and GraphQL', async () => {
  const buyer = await app.createUser('user');
  const [first, second] = [await listing(), await listing()];
  expect(okData(await app.graphql(operations.AddToWishlist, { propertyId: first.id }, buyer.idToken)).addToWishlist.property.id).toBe(first.id);
  expect((await restWishlistAdd(buyer, second.id)).status).toBe(201);
  expect(await app.db.wishlistItem.count({ where: { userId: buyer.user.id } })).toBe(2);
});

it('refuses to open a subscription socket with a disabled account’s or a revoked session’s unexpired token', async () => {
  const [disabled, signedOut] = [await app.createUser('user'), await app.createUser('agent')];
  // Both can connect while their accounts stand.
  await (await subscribe(app.url, disabled.idToken, operations.NotificationEvents)).close();
  await (await subscribe(app.url, signedOut.idToken, operations.MessageEvents)).close();

  await app.identity.updateAccount(disabled.uid, { disabled: true });
  await expect(subscribe(app.url, disabled.idToken, operations.NotificationEvents)).rejects.toThrow(/socket closed: 4403/);

  await revokeSessions(signedOut);
  await expect(subscribe(app.url, signedOut.idToken, operations.MessageEvents)).rejects.toThrow(/socket closed: 4403/);
});
