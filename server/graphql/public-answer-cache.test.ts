// Public answers kept per process (public-answer-cache.ts), against the real
// parts: this test's in-process app A and app B, a separate process running
// server/main.ts on the same database, with the statement triggers of
// migration 20261124030000_public_answer_cache. A kept answer is served without
// a statement; a change made through one process is seen by the other on its
// next request; signed-in callers neither read nor fill the cache; errors are
// never kept; nothing is kept or served while the LISTEN connection is down.
import { createEventBus } from '../events/event-bus';
import { createInvalidatedCache } from '../events/invalidated-cache';
import { createLogger } from '../infra/logger';
import type { AppProcess } from '../test/app-process';
import { createCast, createListing, createReview, startTwoAppsWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';
import { CACHE_HEADER, createPublicAnswerCache } from './public-answer-cache';

let a: TestApp, b: AppProcess, stopBoth: () => Promise<void>;
let admin: Account, agent: Account, buyer: Account;

beforeAll(async () => ({ a, b, stopBoth, cast: { admin, agent, buyer } } = await startTwoAppsWithCast(['admin', 'agent', 'buyer'])), 120_000);
afterAll(() => stopBoth?.());

interface Answer {
  /** hit: served from the cache; stored: computed and kept; null: neither. */
  cache: string | null;
  body: { data?: { advertisedProperties?: Array<{ id: string; title: string; saleState?: string; agent?: { name: string } }>; latestReviews?: Array<{ id: string }> } | null; errors?: Array<{ extensions?: { code?: string } }> };
}

async function ask(url: string, query: string, { token, variables }: { token?: string; variables?: Record<string, unknown> } = {}): Promise<Answer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { cache: response.headers.get(CACHE_HEADER), body: (await response.json()) as Answer['body'] };
}

const HOME = 'query Home($first: Int) { advertisedProperties(first: $first) { id title saleState agent { name } } latestReviews { id } }';
const advertisedIds = (answer: Answer) => answer.body.data?.advertisedProperties?.map((property) => property.id);

/** A verified, advertised listing of `agent`, written straight to the database. */
const advertisedListing = () => createListing(a, agent.user.id, { title: unique('Cached flat'), status: 'verified', isAdvertised: true });

it('keeps an anonymous public answer and serves it without a statement until a listing changes', async () => {
  const listing = await advertisedListing();
  const first = await a.sqlStatementsDuring(() => ask(a.url, HOME, { variables: { first: 24 } }));
  expect(first.result.cache).toBe('stored');
  expect(advertisedIds(first.result)).toContain(listing.id);

  const again = await a.sqlStatementsDuring(() => ask(a.url, HOME, { variables: { first: 24 } }));
  expect(again.result.cache).toBe('hit');
  expect(again.result.body).toEqual(first.result.body);
  expect(again.statements).toHaveLength(0);

  // Other variables are another answer.
  expect((await ask(a.url, HOME, { variables: { first: 1 } })).cache).toBe('stored');

  // Any statement on a table the answer is made of drops it (here straight in the database).
  await a.db.property.update({ where: { id: listing.id }, data: { title: 'Renamed cached flat' } });
  const changed = await a.sqlStatementsDuring(() => ask(a.url, HOME, { variables: { first: 24 } }));
  expect(changed.result.cache).toBe('stored');
  expect(changed.statements.length).toBeGreaterThan(0);
  expect(changed.result.body.data?.advertisedProperties?.find((property) => property.id === listing.id)?.title).toBe('Renamed cached flat');
});

it('never serves a signed-in caller from the cache, and never fills it from their answers', async () => {
  const query = 'query SignedInHome { advertisedProperties(first: 3) { id } me { email } }';
  // A signed-in answer with a field of the caller's own (their e-mail): not kept...
  const signedIn = await ask(a.url, query, { token: buyer.idToken });
  expect(signedIn.cache).toBeNull();
  expect(signedIn.body.data).toMatchObject({ me: { email: buyer.email } });
  // ...so the same document without a token is answered for an anonymous caller, without it.
  const anonymous = await ask(a.url, query);
  expect(anonymous.cache).toBeNull();
  expect(JSON.stringify(anonymous.body)).not.toContain(buyer.email);
  expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

  // A public-only document asked signed-in first: the first anonymous ask still computes it.
  const publicOnly = 'query PublicOnly { advertisedProperties(first: 5) { id } }';
  expect((await ask(a.url, publicOnly, { token: buyer.idToken })).cache).toBeNull();
  expect((await ask(a.url, publicOnly)).cache).toBe('stored');
  expect((await ask(a.url, publicOnly)).cache).toBe('hit');
  // Kept for anonymous callers, it is still computed for a signed-in one.
  const forBuyer = await a.sqlStatementsDuring(() => ask(a.url, publicOnly, { token: buyer.idToken }));
  expect(forBuyer.result.cache).toBeNull();
  expect(forBuyer.statements.length).toBeGreaterThan(0);
});

it('keeps no errors and nothing that changes with the clock alone', async () => {
  for (let i = 0; i < 2; i += 1) {
    const refused = await ask(a.url, 'query TooMany { advertisedProperties(first: 0) { id } }');
    expect(refused.cache).toBeNull();
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  }
  // Whole days on OpenNest change at a moment no event announces.
  for (let i = 0; i < 2; i += 1) expect((await ask(a.url, 'query Days { advertisedProperties { id daysOnOpenNest } }')).cache).toBeNull();
  // Mutations are never kept.
  expect((await ask(a.url, 'mutation { subscribeToNewsletter(email: "cache@example.test") { email } }')).cache).toBeNull();
});

it('keeps the public REST reads for anonymous callers too', async () => {
  const listing = await advertisedListing();
  const get = async (path: string, token?: string) => {
    const response = await fetch(`${a.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { cache: response.headers.get(CACHE_HEADER), body: (await response.json()) as Array<{ _id: string; title: string }> };
  };
  expect((await get('/api/properties/advertised?limit=24')).cache).toBe('stored');
  const kept = await a.sqlStatementsDuring(() => get('/api/properties/advertised?limit=24'));
  expect(kept.result.cache).toBe('hit');
  expect(kept.statements).toHaveLength(0);
  expect(kept.result.body.map((property) => property._id)).toContain(listing.id);
  expect((await get('/api/reviews/latest')).cache).toBe('stored');
  expect((await get('/api/reviews/latest')).cache).toBe('hit');

  const signedIn = await a.sqlStatementsDuring(() => get('/api/properties/advertised?limit=24', buyer.idToken));
  expect(signedIn.result.cache).toBeNull();
  expect(signedIn.statements.length).toBeGreaterThan(0);

  await a.db.property.update({ where: { id: listing.id }, data: { title: 'Renamed over REST' } });
  const changed = await get('/api/properties/advertised?limit=24');
  expect(changed.cache).toBe('stored');
  expect(changed.body.find((property) => property._id === listing.id)?.title).toBe('Renamed over REST');
});

describe('a change made through one process', () => {
  /** B has the home page kept: asked twice, the second answer a hit. */
  async function keptOnB(): Promise<Answer> {
    await ask(b.url, HOME, { variables: { first: 24 } });
    const kept = await ask(b.url, HOME, { variables: { first: 24 } });
    expect(kept.cache).toBe('hit');
    return kept;
  }

  it('is on the other process’s next request: verified and advertised, sold, an agent marked as fraud, a review', async () => {
    const pending = await createListing(a, agent.user.id, { title: unique('Soon advertised'), status: 'pending' });
    await keptOnB();
    // Through A's API: once A has answered, B's next request sees the change (B syncs with its LISTEN connection before serving a kept answer).
    expect((await a.graphql(operations.VerifyProperty, { id: pending.id }, admin.idToken)).errors).toBeUndefined();
    expect((await a.graphql(operations.AdvertiseProperty, { id: pending.id }, admin.idToken)).errors).toBeUndefined();
    const advertised = await ask(b.url, HOME, { variables: { first: 24 } });
    expect(advertised.cache).toBe('stored');
    expect(advertisedIds(advertised)).toContain(pending.id);

    // Sold (stored on the listing, written with the payment): sold listings leave the home page.
    await keptOnB();
    await a.db.property.update({ where: { id: pending.id }, data: { saleState: 'sold' } });
    expect(advertisedIds(await ask(b.url, HOME, { variables: { first: 24 } }))).not.toContain(pending.id);

    // A review appears among the latest.
    await keptOnB();
    const reviewed = await advertisedListing();
    const review = await createReview(a, reviewed.id, buyer.user.id);
    expect((await ask(b.url, HOME, { variables: { first: 24 } })).body.data?.latestReviews?.map((latest) => latest.id)).toContain(review.id);

    // An agent marked as fraud through A: their listings are hidden on B at once.
    const fraudster = (await createCast(a, ['agent']))['agent'];
    const theirs = await createListing(a, fraudster.user.id, { title: unique('Fraud flat'), status: 'verified', isAdvertised: true });
    expect(advertisedIds(await keptOnB())).toContain(theirs.id);
    expect((await a.graphql(operations.MarkUserAsFraud, { id: fraudster.user.id }, admin.idToken)).errors).toBeUndefined();
    expect(advertisedIds(await ask(b.url, HOME, { variables: { first: 24 } }))).not.toContain(theirs.id);
  }, 60_000);
});

describe('the kept answers', () => {
  it('are neither served nor kept while the process cannot hear changes', async () => {
    const bus = await createEventBus({ databaseUrl: a.databaseUrl, log: createLogger('silent') });
    const cache = createPublicAnswerCache(bus, { ttlMs: 30_000, maxEntries: 10, maxBytes: 1_000_000 });
    const kept = cache.kept!;
    expect(kept.set('home', { advertisedProperties: [] }, kept.mark(), 30)).toBe(true);
    expect(kept.get('home')).toEqual({ advertisedProperties: [] });
    await bus.close();
    expect(kept.get('home')).toBeUndefined();
    expect(kept.size).toBe(0);
    expect(kept.set('home', { advertisedProperties: [] }, kept.mark(), 30)).toBe(false);
    cache.stop();
  });

  it('are bounded by entries, bytes and age, and not kept when a change arrived while one was computed', async () => {
    const bus = await createEventBus({ databaseUrl: a.databaseUrl, log: createLogger('silent') });
    let clock = 0;
    try {
      const cache = createPublicAnswerCache(bus, { ttlMs: 30_000, maxEntries: 3, maxBytes: 100 });
      const kept = cache.kept!;
      for (const key of ['a', 'b', 'c', 'd']) kept.set(key, { key }, kept.mark(), 10);
      expect(kept.size).toBe(3);
      expect(kept.get('a')).toBeUndefined();
      kept.set('big', { key: 'big' }, kept.mark(), 90);
      expect(kept.bytes).toBeLessThanOrEqual(100);
      expect(kept.get('big')).toEqual({ key: 'big' });
      expect(kept.set('huge', { key: 'huge' }, kept.mark(), 101)).toBe(false);

      // A change that commits while an answer is being computed: that answer is not kept.
      const mark = kept.mark();
      await a.db.property.updateMany({ where: { id: '00000000-0000-0000-0000-000000000000' }, data: { title: 'nothing' } });
      await new Promise<void>((resolve) => {
        const check = () => (kept.size === 0 ? resolve() : setTimeout(check, 5));
        check();
      });
      expect(kept.set('late', { key: 'late' }, mark, 10)).toBe(false);
      cache.stop();

      // Age, on a clock the test moves.
      const timed = createInvalidatedCache<string>(bus, { maxEntries: 3, ttlMs: 30_000, invalidatedBy: () => null, now: () => clock });
      timed.set('x', 'kept', timed.mark());
      clock = 29_999;
      expect(timed.get('x')).toBe('kept');
      clock = 30_000;
      expect(timed.get('x')).toBeUndefined();
      timed.stop();
    } finally {
      await bus.close();
    }
  });
});
