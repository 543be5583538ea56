// The browser's session cookie against the real Auth emulator and PostgreSQL:
// made from a fresh ID token, HttpOnly and SameSite=Lax; the caller it names
// and the role from the database; bearer tokens still first; revocation on
// writes and at sign-out; refused from another origin (a cross-site form post,
// a simple-content-type GraphQL mutation, a WebSocket) with nothing changed;
// the same cookie good on another app process and after a restart.
import WebSocket from 'ws';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { signIn, verifiedLikeARealProject } from '../test/identity';
import { startTestApp, type TestApp } from '../test/test-app';
import { CROSS_SITE_REFUSAL } from '../context/same-origin';
import { REVOKED_SESSION_MESSAGE } from '../auth/identity-provider';
import { SESSION_COOKIE } from './session-cookie';

let app: TestApp;
beforeAll(async () => {
  // Reads verify the cookie locally, as with a real project (the emulator would look every one up).
  app = await startTestApp({ wrapIdentity: verifiedLikeARealProject });
});
afterAll(() => app?.close());

const FOREIGN = { origin: 'http://attacker.example', 'sec-fetch-site': 'cross-site' };
/** What a browser sends from the app's own page. */
const sameOrigin = (url: string) => ({ origin: new URL(url).origin, 'sec-fetch-site': 'same-origin' });

/** POST /api/session with the ID token; the cookie as a browser would send it back, and the Set-Cookie header. */
async function startSession(url: string, idToken: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/session`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, ...headers } });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  return { status: response.status, body: (await response.json()) as { expiresAt?: string; message?: string }, setCookie, cookie };
}

async function graphql(url: string, query: string, headers: Record<string, string>, contentType = 'application/json') {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body: JSON.stringify({ query }) });
  const text = await response.text();
  let body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }>; message?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return { status: response.status, ...body };
}

const me = (url: string, headers: Record<string, string>) => graphql(url, '{ me { email role } }', headers);

/** A buyer with a record and a session cookie. */
async function buyerWithSession(name = 'Cookie Buyer') {
  const account = await app.createUser('user', { name });
  const session = await startSession(app.url, account.idToken, sameOrigin(app.url));
  expect(session.status).toBe(200);
  return { ...account, cookie: session.cookie };
}

describe('starting a session', () => {
  it('sets an HttpOnly, SameSite=Lax cookie for the whole origin, with a bounded lifetime, that names the caller', async () => {
    const account = await app.createUser('agent', { name: 'Cookie Agent' });
    const session = await startSession(app.url, account.idToken, sameOrigin(app.url));
    expect(session.status).toBe(200);
    expect(session.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax$`));
    expect(new Date(session.body.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    // The cookie alone identifies the caller, on GraphQL and on REST.
    expect((await me(app.url, { cookie: session.cookie })).data).toEqual({ me: { email: account.email, role: 'agent' } });
    const role = await app.rest('GET', `/api/users/role/${encodeURIComponent(account.email)}`, { headers: { cookie: session.cookie } });
    expect(role).toEqual({ status: 200, body: { role: 'agent' } });
  });

  it('takes the role from the database, never from the cookie: a role change applies to the same cookie at once', async () => {
    const buyer = await buyerWithSession();
    expect((await me(app.url, { cookie: buyer.cookie })).data).toEqual({ me: { email: buyer.email, role: 'user' } });
    await app.db.user.update({ where: { id: buyer.user.id }, data: { role: 'admin' } });
    expect((await me(app.url, { cookie: buyer.cookie })).data).toEqual({ me: { email: buyer.email, role: 'admin' } });
  });

  it('is refused without a valid ID token, from a cookie alone (no session lengthens itself), and from another origin', async () => {
    const buyer = await buyerWithSession();
    expect((await startSession(app.url, 'not-a-token')).status).toBe(401);
    const fromCookie = await fetch(`${app.url}/api/session`, { method: 'POST', headers: { cookie: buyer.cookie, ...sameOrigin(app.url) } });
    expect(fromCookie.status).toBe(401);
    expect(fromCookie.headers.get('set-cookie')).toBeNull();
    // Login CSRF: a page elsewhere must not sign this browser into an account of its choosing.
    const crossSite = await startSession(app.url, buyer.idToken, FOREIGN);
    expect(crossSite).toMatchObject({ status: 403, body: { message: CROSS_SITE_REFUSAL }, setCookie: '' });
  });

  it('leaves bearer tokens as they were, and a bearer token wins over a cookie', async () => {
    const buyer = await buyerWithSession('Buyer One');
    const agent = await app.createUser('agent', { name: 'Agent Two' });
    expect((await me(app.url, { authorization: `Bearer ${agent.idToken}` })).data).toEqual({ me: { email: agent.email, role: 'agent' } });
    expect((await me(app.url, { authorization: `Bearer ${agent.idToken}`, cookie: buyer.cookie })).data).toEqual({ me: { email: agent.email, role: 'agent' } });
  });
});

describe('writes with the cookie from another origin', () => {
  it('refuses a cross-site form post, and nothing changes', async () => {
    const buyer = await buyerWithSession('Form Target');
    const before = await app.db.user.findUniqueOrThrow({ where: { id: buyer.user.id } });
    const response = await fetch(`${app.url}/api/users`, {
      method: 'POST',
      headers: { cookie: buyer.cookie, 'content-type': 'application/x-www-form-urlencoded', ...FOREIGN },
      body: 'name=Hijacked',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: CROSS_SITE_REFUSAL });
    const after = await app.db.user.findUniqueOrThrow({ where: { id: buyer.user.id } });
    expect(after).toEqual(before);
    // The same write from the app's own page goes through.
    const own = await app.rest('POST', '/api/users', { headers: { cookie: buyer.cookie, ...sameOrigin(app.url) }, body: { name: 'Renamed Here' } });
    expect(own).toMatchObject({ status: 200, body: { name: 'Renamed Here' } });
  });

  it('refuses a GraphQL mutation sent with a simple content type (a form can send one), from anywhere, and nothing changes', async () => {
    const buyer = await buyerWithSession('Graph Target');
    const mutation = 'mutation { recordSignIn(input: { name: "Hijacked" }) { name } }';
    const before = await app.db.user.findUniqueOrThrow({ where: { id: buyer.user.id } });
    // From another site: our origin check refuses it before anything is read.
    const crossSite = await graphql(app.url, mutation, { cookie: buyer.cookie, ...FOREIGN }, 'text/plain');
    expect(crossSite.status).toBe(403);
    // Even claiming our origin (a browser never would from elsewhere): Apollo's CSRF prevention wants a preflighted request.
    const simple = await graphql(app.url, mutation, { cookie: buyer.cookie, ...sameOrigin(app.url) }, 'text/plain');
    expect(simple.status).toBe(400);
    expect(simple.errors?.[0].message).toMatch(/Cross-Site Request Forgery/);
    const form = await graphql(app.url, mutation, { cookie: buyer.cookie, ...sameOrigin(app.url) }, 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    // And as JSON from another origin (no preflight reached us: CORS would have stopped it, but the check does not rely on it).
    const json = await graphql(app.url, mutation, { cookie: buyer.cookie, ...FOREIGN });
    expect(json.status).toBe(403);
    expect(await app.db.user.findUniqueOrThrow({ where: { id: buyer.user.id } })).toEqual(before);
    // From the app's own page it works.
    const own = await graphql(app.url, mutation.replace('Hijacked', 'Own Name'), { cookie: buyer.cookie, ...sameOrigin(app.url) });
    expect(own.data).toEqual({ recordSignIn: { name: 'Own Name' } });
  });

  it('refuses a WebSocket opened from another origin with the cookie, and accepts one from our page', async () => {
    const buyer = await buyerWithSession('Socket Target');
    const foreign = await openSocket(app.url, { cookie: buyer.cookie, origin: FOREIGN.origin });
    expect(foreign.closeCode).toBe(4403);
    expect(foreign.delivered).toEqual([]);
    const own = await openSocket(app.url, { cookie: buyer.cookie, origin: new URL(app.url).origin });
    expect(own.closeCode).toBeUndefined();
    expect(own.delivered).toEqual([{ notificationEvents: { unreadCount: 0 } }]);
  });
});

/**
 * Opens a graphql-ws socket with these upgrade headers, subscribes to the caller's
 * notification events and waits for the first event or the close.
 */
function openSocket(url: string, headers: Record<string, string>): Promise<{ closeCode: number | undefined; delivered: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    const delivered: unknown[] = [];
    const timer = setTimeout(() => reject(new Error('no answer on the socket within 20 s')), 20_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; payload?: { data?: unknown } };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { notificationEvents { unreadCount } }' } }));
      } else if (message.type === 'next') {
        delivered.push(message.payload?.data);
        clearTimeout(timer);
        socket.close();
        resolve({ closeCode: undefined, delivered });
      }
    });
    socket.on('close', (code) => {
      clearTimeout(timer);
      resolve({ closeCode: code, delivered });
    });
    socket.on('error', reject);
  });
}

/** Revocation counts whole seconds: it must come in a later second than the sign-in of `idToken`. */
async function pastSignInSecond(idToken: string) {
  const authTime = (JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as { auth_time: number }).auth_time;
  while (Math.floor(Date.now() / 1000) <= authTime) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('signing out', () => {
  it('clears the cookie and revokes the session: the cookie no longer writes, and a fresh sign-in works', async () => {
    const buyer = await buyerWithSession('Leaving Buyer');
    await pastSignInSecond(buyer.idToken);
    const out = await fetch(`${app.url}/api/session`, { method: 'DELETE', headers: { cookie: buyer.cookie, ...sameOrigin(app.url) } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toBe(`${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    // A copy of the old cookie still reads until it expires (verified locally), and is refused on writes
    // (revocation is checked on writes, as for tokens).
    expect((await me(app.url, { cookie: buyer.cookie })).data).toEqual({ me: { email: buyer.email, role: 'user' } });
    const write = await graphql(app.url, 'mutation { recordSignIn { name } }', { cookie: buyer.cookie, ...sameOrigin(app.url) });
    expect(write.status).toBe(401);
    expect(write.errors?.[0]).toMatchObject({ message: REVOKED_SESSION_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
    // Signing in again starts a new session.
    const again = await startSession(app.url, (await signIn(buyer.email, buyer.password)).idToken, sameOrigin(app.url));
    expect((await graphql(app.url, 'mutation { recordSignIn { name } }', { cookie: again.cookie, ...sameOrigin(app.url) })).data).toEqual({ recordSignIn: { name: 'Leaving Buyer' } });
  });

  it('checks a fraud-marked account’s every request, reads too', async () => {
    const buyer = await buyerWithSession('Marked Buyer');
    await app.db.user.update({ where: { id: buyer.user.id }, data: { role: 'fraud' } });
    expect((await me(app.url, { cookie: buyer.cookie })).data).toEqual({ me: { email: buyer.email, role: 'fraud' } });
    await pastSignInSecond(buyer.idToken);
    await app.identity.revokeSessions(buyer.uid);
    const read = await me(app.url, { cookie: buyer.cookie });
    expect(read.data).toEqual({ me: null });
    expect(read.errors?.[0]).toMatchObject({ message: REVOKED_SESSION_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('one session, many processes', () => {
  let other: AppProcess | null = null;
  afterAll(() => other?.stop());

  it('a cookie made by one process works on another, and after that process restarts', async () => {
    const account = await app.createUser('agent', { name: 'Roaming Agent' });
    other = await startAppProcess({ databaseUrl: app.databaseUrl, label: 'second app' });
    const session = await startSession(other.url, account.idToken, sameOrigin(other.url));
    expect(session.status).toBe(200);
    expect((await me(app.url, { cookie: session.cookie })).data).toEqual({ me: { email: account.email, role: 'agent' } });
    await other.stop();
    other = await startAppProcess({ databaseUrl: app.databaseUrl, label: 'restarted app' });
    expect((await me(other.url, { cookie: session.cookie })).data).toEqual({ me: { email: account.email, role: 'agent' } });
    const write = await graphql(other.url, 'mutation { recordSignIn { name } }', { cookie: session.cookie, ...sameOrigin(other.url) });
    expect(write.data).toEqual({ recordSignIn: { name: 'Roaming Agent' } });
  });
});
