// A deleted account's token, as a real Firebase project treats it: the token
// stays valid until it expires (firebase-admin checks no revocation), so only
// the app can refuse it. The identity provider here verifies tokens by their
// claims alone, as against a real project (the emulator would also look the
// account up and refuse the token itself, hiding what the app does).
import { DELETED_ACCOUNT_MESSAGE } from '../context/viewer-lookup';
import { createCast, errorOf, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { verifiedByClaimsAlone } from '../test/identity';
import { startTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
let admin: Account, buyer: Account;

beforeAll(async () => {
  app = await startTestApp({ wrapIdentity: verifiedByClaimsAlone });
  ({ admin, buyer } = await createCast(app, ['admin', 'buyer']));
});
afterAll(async () => {
  await app?.close();
});

it('refuses a deleted account’s still-valid token everywhere, and it cannot re-create the record', async () => {
  expect((await app.graphql(operations.Me, {}, buyer.idToken)).data?.me).toMatchObject({ id: buyer.user.id });
  expect(errorOf(await app.graphql(operations.DeleteUser, { id: buyer.user.id }, admin.idToken))).toBeUndefined();
  expect(await app.db.revokedIdentity.count({ where: { firebaseUid: buyer.uid } })).toBe(1);

  // Signing in again with the old token would have created a fresh record for it.
  expect(errorOf(await app.graphql(operations.RecordSignIn, {}, buyer.idToken))).toMatchObject({ message: DELETED_ACCOUNT_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
  expect(errorOf(await app.graphql(operations.MyWishlist, {}, buyer.idToken))).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  expect((await app.rest('POST', '/api/users', { token: buyer.idToken, body: { email: buyer.email, name: 'Back Again' } })).status).toBe(401);
  expect(await app.db.user.count({ where: { firebaseUid: buyer.uid } })).toBe(0);

  // Everyone else is unaffected.
  expect((await app.graphql(operations.Me, {}, admin.idToken)).data?.me).toMatchObject({ id: admin.user.id });
});
