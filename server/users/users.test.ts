import * as operations from '../test/generated/graphql';
import { signInWithGoogle, signUp } from '../test/identity';
import { looseVariables, startTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('recording a sign-in', () => {
  it('creates the record from the verified token, always as role user', async () => {
    const account = await signUp({ displayName: 'Ada Lovelace' });
    // A client trying to pick its own role is refused by the schema itself...
    const sneaky = await app.graphql(operations.RecordSignIn, looseVariables({ input: { name: 'Ada', role: 'admin' } }), account.idToken);
    expect(sneaky.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
    // ...and the REST adapter ignores it.
    const viaRest = await app.rest('POST', '/api/users', {
      token: account.idToken,
      body: { name: 'Ada', email: account.email.toUpperCase(), role: 'admin', image: '/uploads/ada.webp', created_at: '1999-01-01T00:00:00Z' },
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({ email: account.email, name: 'Ada', role: 'user', image: '/uploads/ada.webp' });
    expect(viaRest.body.created_at).not.toBe('1999-01-01T00:00:00.000Z');
    expect(Object.keys(viaRest.body).sort()).toEqual(['_id', 'created_at', 'email', 'image', 'last_log_in', 'name', 'role']);

    const stored = await app.db.user.findUniqueOrThrow({ where: { firebaseUid: account.uid } });
    expect(stored.role).toBe('user');
  });

  it('uses the token name when none is sent, and refreshes the last sign-in time', async () => {
    const account = await signUp({ displayName: 'Grace Hopper' });
    const first = await app.graphql(operations.RecordSignIn, {}, account.idToken);
    expect(first.data?.recordSignIn.name).toBe('Grace Hopper');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await app.graphql(operations.RecordSignIn, { input: { name: 'Rear Admiral Hopper' } }, account.idToken);
    expect(new Date(second.data!.recordSignIn.lastLogInAt).getTime()).toBeGreaterThan(new Date(first.data!.recordSignIn.lastLogInAt).getTime());
    expect(second.data?.recordSignIn.name).toBe('Rear Admiral Hopper');
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(1);
  });

  it('records a Google sign-in with the name and photo from the token', async () => {
    const account = await signInWithGoogle({ name: 'Gina Google', picture: 'https://example.test/gina.png' });
    const result = await app.graphql(operations.RecordSignIn, {}, account.idToken);
    expect(result.data?.recordSignIn).toEqual({ id: expect.any(String), email: account.email, name: 'Gina Google', image: 'https://example.test/gina.png', role: 'user', lastLogInAt: expect.any(String) });
  });

  it('validates the profile with the shared rules', async () => {
    const account = await signUp();
    const result = await app.graphql(operations.RecordSignIn, { input: { name: 'x'.repeat(81), image: 'javascript:alert(1)' } }, account.idToken);
    expect(result.errors?.[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: { name: 'Name must be at most 80 characters', image: 'Image must be an uploaded image or a web address' },
    });
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  it('refuses an e-mail in the body that is not the signed-in one', async () => {
    const account = await signUp();
    const result = await app.rest('POST', '/api/users', { token: account.idToken, body: { name: 'Mallory', email: 'victim@example.test' } });
    expect(result).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'The e-mail does not match your signed-in account.' } });
  });

  it('hands an e-mail record over to a new identity only when the old identity is gone', async () => {
    const original = await app.createUser('agent');
    const stillThere = await app.db.user.create({ data: { firebaseUid: 'someone-else', email: 'taken@example.test', name: 'Taken' } });
    const clash = await signUp({ email: 'TAKEN@example.test' });
    // 'someone-else' does not exist in the identity provider: the record is taken over, role kept.
    const takeover = await app.graphql(operations.RecordSignIn, {}, clash.idToken);
    expect(takeover.data?.recordSignIn).toMatchObject({ id: stillThere.id, role: 'user' });

    // When the old identity still exists, the new one is refused.
    await app.db.user.update({ where: { id: original.user.id }, data: { email: 'shared@example.test' } });
    const intruder = await signUp({ email: 'shared@example.test' });
    const refused = await app.graphql(operations.RecordSignIn, {}, intruder.idToken);
    expect(refused.errors?.[0]).toMatchObject({ message: 'This e-mail address already belongs to another account.', extensions: { code: 'CONFLICT' } });
  });
});

describe('authentication', () => {
  it('answers UNAUTHENTICATED without a token, on GraphQL and REST', async () => {
    const result = await app.graphql(operations.Me);
    expect(result.errors?.[0]).toMatchObject({ message: 'You must be signed in.', extensions: { code: 'UNAUTHENTICATED' } });
    expect(await app.rest('GET', '/api/users/role/a@b.test')).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'You must be signed in.' } });
    expect((await app.rest('POST', '/api/users', { body: { name: 'x' } })).status).toBe(401);
  });

  it('answers UNAUTHENTICATED for a forged or malformed token', async () => {
    const account = await signUp();
    const [header, payload] = account.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, aud: 'another-project' })).toString('base64url')}.`;
    for (const token of ['not-a-jwt', forged]) {
      const result = await app.graphql(operations.Me, {}, token);
      expect(result.errors?.[0]).toMatchObject({ message: 'Invalid authentication token.', extensions: { code: 'UNAUTHENTICATED' } });
      expect((await app.rest('GET', `/api/users/role/${account.email}`, { token })).status).toBe(401);
    }
    const malformed = await app.rest('GET', '/api/users/role/a@b.test', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('knows a signed-up caller without a record, but gives them nothing that needs one', async () => {
    const account = await signUp();
    expect((await app.graphql(operations.Me, {}, account.idToken)).data).toEqual({ me: null });
    const role = await app.graphql(operations.RoleByEmail, { email: account.email }, account.idToken);
    expect(role.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('roles', () => {
  it('reads the role from the database on every request', async () => {
    const { idToken, user } = await app.createUser('user');
    expect((await app.graphql(operations.Me, {}, idToken)).data?.me?.role).toBe('user');
    await app.db.user.update({ where: { id: user.id }, data: { role: 'agent' } });
    // Same token, next request: the new role applies.
    expect((await app.graphql(operations.Me, {}, idToken)).data?.me?.role).toBe('agent');
    expect((await app.rest('GET', `/api/users/role/${user.email}`, { token: idToken })).body).toEqual({ role: 'agent' });
  });

  it('lets callers look up only their own role, and admins anyone', async () => {
    const buyer = await app.createUser('user');
    const admin = await app.createUser('admin');
    const own = await app.graphql(operations.RoleByEmail, { email: buyer.email.toUpperCase() }, buyer.idToken);
    expect(own.data).toEqual({ roleByEmail: { email: buyer.email, role: 'user' } });

    const other = await app.graphql(operations.RoleByEmail, { email: admin.email }, buyer.idToken);
    expect(other.errors?.[0]).toMatchObject({ message: 'You can only look up your own role.', extensions: { code: 'FORBIDDEN' } });
    expect((await app.rest('GET', `/api/users/role/${admin.email}`, { token: buyer.idToken })).status).toBe(403);

    expect((await app.graphql(operations.RoleByEmail, { email: buyer.email }, admin.idToken)).data).toEqual({ roleByEmail: { email: buyer.email, role: 'user' } });
    const missing = await app.rest('GET', '/api/users/role/nobody@example.test', { token: admin.idToken });
    expect(missing).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'No user has this e-mail address.' } });
  });
});
