// Rate limits per route class, counted in PostgreSQL and so shared by every API
// process (a second process, server/main.ts, on the same database continues the
// same counts). Limits are set low here through the same settings as
// RATE_LIMIT_* variables. Refusals: REST 429 + Retry-After, GraphQL RATE_LIMITED
// (HTTP 429 + Retry-After); authentication is still checked first; everything
// accepted is stored.
import { createCast, type Account } from '../test/fixtures';
import { startAppProcess, type AppProcess } from '../test/app-process';
import { uniqueEmail } from '../test/identity';
import { startTestApp, type TestApp } from '../test/test-app';
import { DEFAULT_RATE_LIMITS, GENEROUS_RATE_LIMITS, RATE_LIMIT_ENV, type RateLimitConfig } from './rate-limits';

const limits: RateLimitConfig = {
  ...GENEROUS_RATE_LIMITS,
  anonymousWrites: { points: 3, seconds: 600 },
  userReads: { points: 3, seconds: 600 },
  ipReads: { points: 3, seconds: 600 },
  graphql: { points: 40, seconds: 600 },
  messages: DEFAULT_RATE_LIMITS.messages,
};

let a: TestApp;
let cast: { buyer: Account; agent: Account };

beforeAll(async () => {
  a = await startTestApp({}, { rateLimits: limits });
  cast = await createCast(a, ['buyer', 'agent']);
}, 60_000);
afterAll(async () => {
  await a?.close();
});

async function graphqlAt(url: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number } }> } };
}

it('counts anonymous writes (the newsletter) per IP across REST, GraphQL and a second process, and stores every one it accepted', async () => {
  const accepted: string[] = [];
  for (let i = 0; i < 2; i++) {
    const email = uniqueEmail('limited');
    const answer = await a.rest('POST', '/api/newsletter', { body: { email } });
    expect(answer.status).toBe(201);
    accepted.push(email);
  }
  const third = uniqueEmail('limited');
  const viaGraphql = await graphqlAt(a.url, 'mutation($email: String!) { subscribeToNewsletter(email: $email) { email } }', { email: third });
  expect(viaGraphql.body.errors).toBeUndefined();
  accepted.push(third);

  const refusedRest = await fetch(`${a.url}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: uniqueEmail('refused') }) });
  expect(refusedRest.status).toBe(429);
  expect(Number(refusedRest.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refusedRest.json()).toMatchObject({ code: 'RATE_LIMITED' });

  const refusedGraphql = await graphqlAt(a.url, 'mutation($email: String!) { subscribeToNewsletter(email: $email) { email } }', { email: uniqueEmail('refused') });
  expect(refusedGraphql.status).toBe(429);
  expect(Number(refusedGraphql.retryAfter)).toBeGreaterThan(0);
  expect(refusedGraphql.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });

  // Another API process on the same database shares the counters: it refuses this IP too.
  let b: AppProcess | undefined;
  try {
    b = await startAppProcess({
      databaseUrl: a.databaseUrl,
      env: { JOB_WORKERS: 'off', [RATE_LIMIT_ENV.anonymousWrites]: '3/600' },
      label: 'app B',
    });
    const onB = await fetch(`${b.url}/api/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: uniqueEmail('refused') }) });
    expect(onB.status).toBe(429);
  } finally {
    await b?.stop();
  }

  const stored = await a.db.newsletterSubscription.findMany({ where: { email: { startsWith: 'limited-' } } });
  expect(stored.map((row) => row.email).sort()).toEqual([...accepted].sort());
  expect(await a.db.newsletterSubscription.count({ where: { email: { startsWith: 'refused-' } } })).toBe(0);
}, 120_000);

it('counts newsletter confirmations through REST and GraphQL against one budget (anonymous writes, per IP)', async () => {
  // The newsletter sign-ups above used this IP's budget up: start it afresh.
  await a.db.$executeRawUnsafe('DELETE FROM rate_limits.anonymous_writes');
  const confirmRest = () => fetch(`${a.url}/api/newsletter/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'not-a-real-token' }) });
  const confirmGraphql = () => graphqlAt(a.url, 'mutation($token: String!) { confirmNewsletterSubscription(token: $token) { email } }', { token: 'not-a-real-token' });

  // Three tries (a wrong token each: 404 / NOT_FOUND), through both doors, use up the three points.
  expect((await confirmRest()).status).toBe(404);
  expect((await confirmGraphql()).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  expect((await confirmRest()).status).toBe(404);

  const refusedGraphql = await confirmGraphql();
  expect(refusedGraphql.status).toBe(429);
  expect(refusedGraphql.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
  const refusedRest = await confirmRest();
  expect(refusedRest.status).toBe(429);
  expect(await refusedRest.json()).toMatchObject({ code: 'RATE_LIMITED' });
  // Sign-ups share the class: they are refused too.
  expect((await a.rest('POST', '/api/newsletter', { body: { email: uniqueEmail('refused') } })).status).toBe(429);
});

it('counts REST reads per signed-in user and anonymous ones per IP, after authentication', async () => {
  const read = (token?: string) => a.rest('GET', '/api/reviews/latest', { token });
  for (let i = 0; i < 3; i++) expect((await read(cast.buyer.idToken)).status).toBe(200);
  const refused = await read(cast.buyer.idToken);
  expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
  // Another user has a count of its own.
  expect((await read(cast.agent.idToken)).status).toBe(200);
  // Anonymous readers count by IP.
  for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);
  expect((await read()).status).toBe(429);
  // No 429 (nor 400) before the 401: an anonymous caller of a signed-in route is told to sign in.
  expect(await a.rest('GET', '/api/wishlist')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  expect(await a.rest('GET', '/api/offers/user')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
});

it('weighs GraphQL operations by their cost: an expensive one uses up the budget sooner', async () => {
  const cheap = '{ me { id } }';
  // 1 + cost/100 points: a full page of 48 listings with every field and their agents costs about 2,600 (26 points);
  // `me { id }` costs 3.5 (1 point).
  const fields = 'id title location image thumbnail description priceMin priceMax status isAdvertised createdAt updatedAt agent { id name image }';
  const expensive = `{ verifiedProperties(first: 48) { nodes { ${fields} } pageInfo { endCursor hasNextPage } } }`;
  const first = await graphqlAt(a.url, expensive, {}, cast.agent.idToken);
  expect(first.status).toBe(200);
  const second = await graphqlAt(a.url, expensive, {}, cast.agent.idToken);
  expect(second.status).toBe(429);
  expect(second.body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  // Another caller with the same budget of 40 points: forty cheap queries are accepted, the forty-first refused.
  for (let i = 0; i < 40; i++) expect((await graphqlAt(a.url, cheap, {}, cast.buyer.idToken)).status).toBe(200);
  expect((await graphqlAt(a.url, cheap, {}, cast.buyer.idToken)).status).toBe(429);
});
