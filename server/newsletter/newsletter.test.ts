// Newsletter sign-up through the real app over HTTP: public, validated with the
// shared rules, stored lower-cased, and idempotent.
import { randomBytes } from 'node:crypto';
import { errorOf } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { looseVariables, startTestApp, type TestApp } from '../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const address = () => `reader-${randomBytes(5).toString('hex')}@example.test`;
const subscribe = (email: string, token?: string) => app.graphql(operations.SubscribeToNewsletter, { email }, token);
const rowsFor = (email: string) => app.db.newsletterSubscription.findMany({ where: { email: { equals: email, mode: 'insensitive' } } });

describe('subscribing to the newsletter', () => {
  it('is public: no token needed', async () => {
    const email = address();
    const result = await subscribe(email);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ subscribeToNewsletter: { email } });
    expect((await rowsFor(email)).map((row) => row.email)).toEqual([email]);
  });

  it('works for signed-in callers too', async () => {
    const { idToken } = await app.createUser('user');
    const email = address();
    expect((await subscribe(email, idToken)).data).toEqual({ subscribeToNewsletter: { email } });
  });

  it('stores the address trimmed and lower-cased', async () => {
    const email = address();
    const result = await subscribe(`  ${email.toUpperCase()}  `);
    expect(result.data).toEqual({ subscribeToNewsletter: { email } });
    expect((await rowsFor(email)).map((row) => row.email)).toEqual([email]);
  });

  it('is harmless twice, in any case: one row, no error', async () => {
    const email = address();
    const first = await subscribe(email);
    const [row] = await rowsFor(email);
    for (const again of [email, email.toUpperCase(), `${email[0].toUpperCase()}${email.slice(1)}`]) {
      const result = await subscribe(again);
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual(first.data);
    }
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    // The original subscription is kept as it was.
    expect(rows[0]).toEqual(row);
    expect(await app.db.newsletterSubscription.count({ where: { email } })).toBe(1);
  });

  it('validates the e-mail with the shared messages and stores nothing', async () => {
    const before = await app.db.newsletterSubscription.count();
    const cases: Array<[string, string]> = [
      ['', 'Email is required'],
      ['   ', 'Email is required'],
      ['not-an-email', 'Invalid email address'],
      ['missing-domain@', 'Invalid email address'],
      ['two@@example.test', 'Invalid email address'],
      ['spaces in@example.test', 'Invalid email address'],
      ['no-dot@example', 'Invalid email address'],
      ['nul\u0000@example.test', 'Must not contain NUL characters'],
    ];
    for (const [email, message] of cases) {
      const result = await subscribe(email);
      expect({ email, data: result.data, error: errorOf(result) }).toMatchObject({
        email,
        data: null,
        error: { message, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { email: message } } },
      });
    }
    // A missing or non-string variable is refused by GraphQL itself.
    expect(errorOf(await app.graphql(operations.SubscribeToNewsletter, looseVariables({})))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(await app.graphql(operations.SubscribeToNewsletter, looseVariables({ email: 42 })))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await app.db.newsletterSubscription.count()).toBe(before);
  });

  it('works over REST POST /api/newsletter, with the same rules', async () => {
    const email = address();
    expect(await app.rest('POST', '/api/newsletter', { body: { email: email.toUpperCase() } })).toEqual({ status: 201, body: { email } });
    expect(await app.rest('POST', '/api/newsletter', { body: { email } })).toEqual({ status: 201, body: { email } });
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await app.rest('POST', '/api/newsletter', { body: { email: 'nope' } })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: 'Invalid email address', fieldErrors: { email: 'Invalid email address' } },
    });
    expect(await app.rest('POST', '/api/newsletter', { body: {} })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: 'Email is required', fieldErrors: { email: 'Email is required' } },
    });
  });
});
