// Newsletter sign-up through the real app over HTTP: public, validated with the
// shared rules, stored lower-cased, and idempotent; a sign-up counts once its
// address follows the link of the confirmation e-mail (read from maildev's inbox).
import { createHash, randomBytes } from 'node:crypto';
import { errorOf, okData } from '../test/fixtures';
import { waitForEmails } from '../test/mailbox';
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

describe('confirming a subscription', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const confirm = (token: string) => app.graphql(operations.ConfirmNewsletterSubscription, { token });
  /** The token of the link in the latest confirmation e-mail to `email`, after waiting for `count` of them. */
  const linkToken = async (email: string, count = 1) => {
    const emails = await waitForEmails(email, { count, subject: /Confirm your newsletter subscription/ });
    const latest = emails[emails.length - 1];
    const link = /(http\S+\/newsletter\/confirm\?token=\S+)/.exec(latest.text);
    expect(link).not.toBeNull();
    expect(latest.html).toContain(link![1]);
    return new URL(link![1]).searchParams.get('token')!;
  };

  it('stores a new sign-up unconfirmed, e-mails a link whose token only it knows, and the link confirms it', async () => {
    const email = address();
    expect(okData(await subscribe(email))).toEqual({ subscribeToNewsletter: { email } });
    const [pending] = await rowsFor(email);
    // Not counted yet: unconfirmed, and neither in the confirmed count.
    expect(pending.confirmedAt).toBeNull();
    expect(await app.db.newsletterSubscription.count({ where: { email, confirmedAt: { not: null } } })).toBe(0);

    const token = await linkToken(email);
    // Only the token's hash is stored.
    expect(pending.confirmationTokenHash).toBe(sha256(token));
    expect(JSON.stringify(pending)).not.toContain(token);

    expect(okData(await confirm(token))).toEqual({ confirmNewsletterSubscription: { email } });
    const [confirmed] = await rowsFor(email);
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    expect(await app.db.newsletterSubscription.count({ where: { email, confirmedAt: { not: null } } })).toBe(1);
    // Following the link again is harmless and keeps the first confirmation.
    expect(okData(await confirm(token))).toEqual({ confirmNewsletterSubscription: { email } });
    expect((await rowsFor(email))[0]).toEqual(confirmed);
    // Subscribing a confirmed address again changes nothing (no new link).
    expect(okData(await subscribe(email))).toEqual({ subscribeToNewsletter: { email } });
    expect((await rowsFor(email))[0]).toEqual(confirmed);
  });

  it('re-sends the link for an unconfirmed address at most every few minutes; the newer link replaces the older', async () => {
    const email = address();
    okData(await subscribe(email));
    const firstToken = await linkToken(email);
    const [pending] = await rowsFor(email);
    // Submitted again at once: the same pending row and link, nothing new queued.
    okData(await subscribe(email.toUpperCase()));
    expect((await rowsFor(email))[0]).toEqual(pending);

    // Some minutes later (the last e-mail dated back), a new link is sent.
    await app.db.newsletterSubscription.update({ where: { email }, data: { confirmationSentAt: new Date(Date.now() - 11 * 60 * 1000) } });
    okData(await subscribe(email));
    const secondToken = await linkToken(email, 2);
    expect(secondToken).not.toBe(firstToken);
    expect(errorOf(await confirm(firstToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(okData(await confirm(secondToken))).toEqual({ confirmNewsletterSubscription: { email } });
  });

  it('refuses a wrong, outdated or malformed token with a clear error and confirms nothing', async () => {
    const email = address();
    okData(await subscribe(email));
    const token = await linkToken(email);
    const message = 'This confirmation link is not valid (it may be old or mistyped). Subscribe again to get a new one.';
    for (const wrong of [randomBytes(32).toString('base64url'), `${token}x`, token.slice(1), "' OR 1=1 --"]) {
      expect({ wrong, error: errorOf(await confirm(wrong)) }).toMatchObject({ wrong, error: { message, extensions: { code: 'NOT_FOUND' } } });
    }
    for (const malformed of ['', '   ', 'x'.repeat(5000)]) {
      expect(errorOf(await confirm(malformed))).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { token: message } } });
    }
    expect(errorOf(await app.graphql(operations.ConfirmNewsletterSubscription, looseVariables({})))?.extensions?.code).toBe('BAD_USER_INPUT');
    // A link older than its validity is refused like a wrong one.
    await app.db.newsletterSubscription.update({ where: { email }, data: { confirmationSentAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) } });
    expect(errorOf(await confirm(token))).toMatchObject({ message, extensions: { code: 'NOT_FOUND' } });
    expect((await rowsFor(email))[0].confirmedAt).toBeNull();
  });
});
