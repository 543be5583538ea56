// Account administration through the real app over HTTP (GraphQL, and the REST
// user routes of spec section 7): the admin-only users list and its cursor
// pages; role changes that apply on the account's next request, never on
// oneself, never to a fraud account and never leaving zero admins (under
// concurrent requests too); fraud marking and everything it hides or refuses;
// deletion of the record together with the Firebase account (or neither), with
// the account's data; and the profile figures of each role.
import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import type { IdentityProvider } from '../auth/identity-provider';
import type { AddPropertyInput } from '../graphql/generated/resolvers-types';
import { createCast, createListing, createOffer, createReview, createWishlistItem, dataOf, errorOf, FUTURE, ONLY_ADMINS, ONLY_AGENTS, PROPERTY_NOT_FOUND, unique, type Account, type Json } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { requestsAgainstHeldRows } from '../test/held-rows';
import { signUp } from '../test/identity';
import { looseVariables, startTestApp, type GraphqlResponse, type TestApp } from '../test/test-app';

const OWN_ROLE = 'You cannot change your own role.';
const OWN_ACCOUNT = 'You cannot delete your own account.';
const LAST_ADMIN = 'The last admin cannot be removed or demoted.';
const FRAUD_ROLE = 'Fraud accounts cannot change role.';
const ONLY_AGENTS_FRAUD = 'Only agents can be marked as fraud.';
const SETTLED =
  'This account has accepted or completed offers, which stay on record. Mark the agent as fraud instead, or delete the account once the offers are settled.';
const IDENTITY_FAILED = 'The sign-in account could not be deleted, so nothing was changed. Please try again.';
const FRAUD_MESSAGE = 'User marked as fraud; their properties are hidden.';

// The app under test reaches Firebase through this wrapper, so a test can make
// one deleteAccount call fail; every other call goes to the real emulator.
let deleteAccountOverride: ((uid: string) => Promise<void>) | null = null;
const identityDeletes: string[] = [];
const withFaultyDelete = (real: IdentityProvider): IdentityProvider => ({
  ...real,
  async deleteAccount(uid) {
    identityDeletes.push(uid);
    const override = deleteAccountOverride;
    return override ? override(uid) : real.deleteAccount(uid);
  },
});
/** The next deleteAccount call fails as a network error would; the following ones work again. */
function failNextIdentityDelete() {
  deleteAccountOverride = async () => {
    deleteAccountOverride = null;
    throw Object.assign(new Error('socket hang up'), { code: 'app/network-error' });
  };
}

let app: TestApp;
let admin: Account, otherAdmin: Account, agent: Account, buyer: Account, fraud: Account;

beforeAll(async () => {
  app = await startTestApp({ wrapIdentity: withFaultyDelete });
  ({ admin, otherAdmin, agent, buyer, fraud } = await createCast(app, ['admin', 'otherAdmin', 'agent', 'buyer', 'fraud']));
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  deleteAccountOverride = null;
});

/** Every signed-in caller an admin-only action refuses, for `it.each` (read when the test runs, after beforeAll). */
const NON_ADMINS = [
  ['a buyer', () => buyer],
  ['an agent', () => agent],
  ['a fraud account', () => fraud],
] as const;

function expectError(result: GraphqlResponse<unknown>, code: string, message?: string) {
  expect(result.data ?? null).toBeNull();
  expect(errorOf(result)?.extensions?.code).toBe(code);
  if (message !== undefined) expect(errorOf(result)?.message).toBe(message);
}

function expectOk<T>(result: GraphqlResponse<T>): T {
  expect(result.errors).toBeUndefined();
  return dataOf(result);
}

const propertyInput = (overrides: Partial<AddPropertyInput> = {}): AddPropertyInput => ({
  title: unique('Lake house'),
  location: 'Gulshan, Dhaka',
  image: 'https://images.example.test/lake-house.jpg',
  priceMin: '1000',
  priceMax: '2000',
  ...overrides,
});

const roleOf = async (id: string) => (await app.db.user.findUnique({ where: { id } }))?.role;

// ---------------------------------------------------------------------------

describe('users (the admin list of accounts)', () => {
  it.each(NON_ADMINS)('is refused to %s (FORBIDDEN), on GraphQL and REST', async (_who, accountOf) => {
    expectError(await app.graphql(operations.Users, {}, accountOf().idToken), 'FORBIDDEN', ONLY_ADMINS);
    expect(await app.rest('GET', '/api/users', { token: accountOf().idToken })).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: ONLY_ADMINS } });
  });

  it('is refused without a token (UNAUTHENTICATED)', async () => {
    expectError(await app.graphql(operations.Users), 'UNAUTHENTICATED');
  });

  it('lists every account newest first; cursor pages walk each account exactly once, ties included', async () => {
    // Three accounts newer than everyone else, two of them created in the same millisecond.
    const [newest, tieA, tieB] = await Promise.all([app.createUser('user'), app.createUser('agent'), app.createUser('user')]);
    const base = Date.now() + 3600_000;
    await app.db.user.update({ where: { id: newest.user.id }, data: { createdAt: new Date(base + 2000) } });
    await app.db.user.updateMany({ where: { id: { in: [tieA.user.id, tieB.user.id] } }, data: { createdAt: new Date(base + 1000) } });
    const tie = [tieA.user.id, tieB.user.id].sort().reverse(); // same time: higher id first
    const everyone = await app.db.user.findMany({ select: { id: true } });

    const seen: Array<{ id: string; createdAt: string; role: string; email: string }> = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const result: GraphqlResponse<operations.UsersQuery> = await app.graphql(operations.Users, { first: 2, after }, admin.idToken);
      const page = expectOk(result).users;
      expect(page.nodes.length).toBeLessThanOrEqual(2);
      seen.push(...page.nodes);
      pages += 1;
      if (pages === 1) {
        // The first page: the newest account, then the tie's higher id (the tie straddles the page boundary).
        expect(page.nodes.map((node) => node.id)).toEqual([newest.user.id, tie[0]]);
        // An account created meanwhile, newer than the cursor, does not shift later pages.
        const late = await app.createUser('user');
        await app.db.user.update({ where: { id: late.user.id }, data: { createdAt: new Date(base + 5000) } });
      }
      if (!page.pageInfo.hasNextPage) {
        expect(page.nodes.length).toBeGreaterThan(0);
        break;
      }
      after = page.pageInfo.endCursor;
      expect(typeof after).toBe('string');
    }

    const ids = seen.map((node) => node.id);
    expect(ids[2]).toBe(tie[1]);
    expect(new Set(ids).size).toBe(ids.length); // no account twice
    expect([...ids].sort()).toEqual(everyone.map((user) => user.id).sort()); // none skipped
    expect(pages).toBe(Math.ceil(everyone.length / 2));
    // Newest first, ties by id descending.
    for (let i = 1; i < seen.length; i += 1) {
      const [previous, current] = [seen[i - 1], seen[i]];
      const order = new Date(previous.createdAt).getTime() - new Date(current.createdAt).getTime();
      expect(order > 0 || (order === 0 && previous.id > current.id)).toBe(true);
    }
    expect(seen.find((node) => node.id === admin.user.id)).toMatchObject({ email: admin.email, role: 'admin' });
  });

  it('refuses a forged cursor and out-of-range page sizes (BAD_USER_INPUT)', async () => {
    expectError(await app.graphql(operations.Users, { after: 'bm90LWEtY3Vyc29y' }, admin.idToken), 'BAD_USER_INPUT', 'Invalid cursor; start again from the first page.');
    expectError(await app.graphql(operations.Users, { first: 0 }, admin.idToken), 'BAD_USER_INPUT');
    expectError(await app.graphql(operations.Users, { first: 1001 }, admin.idToken), 'BAD_USER_INPUT');
  });
});

// ---------------------------------------------------------------------------

describe('setUserRole', () => {
  it('makes a user an agent, then an admin; each change applies to their next request with the same token', async () => {
    const member = await app.createUser('user', { name: 'Maya Member' });
    expect(expectOk(await app.graphql(operations.MyAccount, {}, member.idToken)).me?.role).toBe('user');
    expectError(await app.graphql(operations.AddOwnProperty, { input: propertyInput() }, member.idToken), 'FORBIDDEN', ONLY_AGENTS);

    expect(expectOk(await app.graphql(operations.SetUserRole, { id: member.user.id, role: 'agent' }, admin.idToken)).setUserRole).toEqual({ id: member.user.id, role: 'agent' });
    expect(await roleOf(member.user.id)).toBe('agent');
    // Same token, right away.
    expect(expectOk(await app.graphql(operations.MyAccount, {}, member.idToken)).me).toEqual({ id: member.user.id, email: member.email, role: 'agent' });
    const added = expectOk(await app.graphql(operations.AddOwnProperty, { input: propertyInput() }, member.idToken)).addProperty;
    expect(added).toEqual({ id: expect.any(String), status: 'pending', agent: { id: member.user.id } });
    expectError(await app.graphql(operations.Users, {}, member.idToken), 'FORBIDDEN', ONLY_ADMINS);

    expect(expectOk(await app.graphql(operations.SetUserRole, { id: member.user.id, role: 'admin' }, otherAdmin.idToken)).setUserRole).toEqual({ id: member.user.id, role: 'admin' });
    expect(expectOk(await app.graphql(operations.MyAccount, {}, member.idToken)).me?.role).toBe('admin');
    expect(expectOk(await app.graphql(operations.Users, { first: 1 }, member.idToken)).users.nodes).toHaveLength(1);
    expectError(await app.graphql(operations.AddOwnProperty, { input: propertyInput() }, member.idToken), 'FORBIDDEN', ONLY_AGENTS);
    expect((await app.rest('GET', `/api/users/role/${member.email}`, { token: member.idToken })).body).toEqual({ role: 'admin' });
  });

  it('lets an admin demote another admin while other admins remain', async () => {
    const second = await app.createUser('admin');
    expect(expectOk(await app.graphql(operations.SetUserRole, { id: second.user.id, role: 'agent' }, admin.idToken)).setUserRole.role).toBe('agent');
    expect(expectOk(await app.graphql(operations.MyAccount, {}, second.idToken)).me?.role).toBe('agent');
    expectError(await app.graphql(operations.Users, {}, second.idToken), 'FORBIDDEN', ONLY_ADMINS);
  });

  it('answers the REST PUT /api/users/role/:id with modifiedCount 1, and refuses other roles there', async () => {
    const member = await app.createUser('user');
    expect(await app.rest('PUT', `/api/users/role/${member.user.id}`, { token: admin.idToken, body: { role: 'agent' } })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect(await roleOf(member.user.id)).toBe('agent');
    for (const role of ['fraud', 'user', undefined]) {
      const refused = await app.rest('PUT', `/api/users/role/${member.user.id}`, { token: admin.idToken, body: { role } });
      expect(refused).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: '"role" must be "admin" or "agent".' } });
    }
    expect(await roleOf(member.user.id)).toBe('agent');
  });

  it('refuses roles other than admin and agent in GraphQL before anything runs', async () => {
    const member = await app.createUser('user');
    for (const role of ['fraud', 'user']) {
      const result = await app.graphql(operations.SetUserRole, looseVariables({ id: member.user.id, role }), admin.idToken);
      expect(result.data ?? null).toBeNull();
      expect(errorOf(result)?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(await roleOf(member.user.id)).toBe('user');
  });

  it('refuses an admin changing their own role (FORBIDDEN), whatever the role', async () => {
    for (const role of ['agent', 'admin'] as const) {
      expectError(await app.graphql(operations.SetUserRole, { id: admin.user.id, role }, admin.idToken), 'FORBIDDEN', OWN_ROLE);
    }
    // The id is compared case-insensitively: an upper-cased own id is still one's own.
    expectError(await app.graphql(operations.SetUserRole, { id: admin.user.id.toUpperCase(), role: 'agent' }, admin.idToken), 'FORBIDDEN', OWN_ROLE);
    expect(await roleOf(admin.user.id)).toBe('admin');
    const rest = await app.rest('PUT', `/api/users/role/${admin.user.id}`, { token: admin.idToken, body: { role: 'agent' } });
    expect(rest).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: OWN_ROLE } });
    expect(await roleOf(admin.user.id)).toBe('admin');
  });

  it('refuses to change a fraud account’s role (CONFLICT): fraud is final', async () => {
    const marked = await app.createUser('fraud');
    for (const role of ['agent', 'admin'] as const) {
      expectError(await app.graphql(operations.SetUserRole, { id: marked.user.id, role }, admin.idToken), 'CONFLICT', FRAUD_ROLE);
    }
    expect(await roleOf(marked.user.id)).toBe('fraud');
    expect((await app.rest('PUT', `/api/users/role/${marked.user.id}`, { token: admin.idToken, body: { role: 'agent' } })).status).toBe(409);
    expect(await roleOf(marked.user.id)).toBe('fraud');
  });

  it.each(NON_ADMINS)('is refused to %s (FORBIDDEN) and changes nothing', async (_who, accountOf) => {
    const member = await app.createUser('user');
    expectError(await app.graphql(operations.SetUserRole, { id: member.user.id, role: 'admin' }, accountOf().idToken), 'FORBIDDEN', ONLY_ADMINS);
    expectError(await app.graphql(operations.SetUserRole, { id: accountOf().user.id, role: 'admin' }, accountOf().idToken), 'FORBIDDEN', ONLY_ADMINS);
    expect((await app.rest('PUT', `/api/users/role/${member.user.id}`, { token: accountOf().idToken, body: { role: 'admin' } })).status).toBe(403);
    expect(await roleOf(member.user.id)).toBe('user');
    expect(await roleOf(accountOf().user.id)).toBe(accountOf().user.role);
  });
});

describe.each([
  ['setUserRole', (id: string) => app.graphql(operations.SetUserRole, { id, role: 'agent' }, admin.idToken)],
  ['markUserAsFraud', (id: string) => app.graphql(operations.MarkUserAsFraud, { id }, admin.idToken)],
  ['deleteUser', (id: string) => app.graphql(operations.DeleteUser, { id }, admin.idToken)],
])('%s with a bad id', (_name, sendAsAdmin) => {
  it('answers NOT_FOUND for an unknown id and BAD_USER_INPUT for a malformed one', async () => {
    expectError(await sendAsAdmin(randomUUID()), 'NOT_FOUND', 'User not found.');
    for (const id of ['not-a-uuid', '1', `${randomUUID()}x`]) {
      expectError(await sendAsAdmin(id), 'BAD_USER_INPUT', 'Invalid user id.');
    }
  });
});

// ---------------------------------------------------------------------------

describe('never zero admins, under concurrent requests', () => {
  // Its own database, so that the two admins of each round are the only ones.
  let solo: TestApp;
  beforeAll(async () => {
    solo = await startTestApp();
  });
  afterAll(async () => {
    await solo?.close();
  });

  /** Two fresh admins, the only admins in the database (earlier survivors become buyers). */
  async function onlyTwoAdmins(): Promise<[Account, Account]> {
    await solo.db.user.updateMany({ where: { role: 'admin' }, data: { role: 'user' } });
    const pair = await Promise.all([solo.createUser('admin'), solo.createUser('admin')]);
    expect(await solo.db.user.count({ where: { role: 'admin' } })).toBe(2);
    return pair;
  }

  /**
   * Fires `requests` while a test transaction holds the row locks of `ids`, waits
   * until `waiting` database sessions queue behind those locks (so every request
   * has passed authentication and is inside its transaction), then lets them all
   * go at the same moment.
   */
  const releasedTogether = <T>(ids: string[], waiting: number, requests: () => Promise<T>): Promise<T> =>
    requestsAgainstHeldRows(solo.db, {
      lock: (tx) => tx.$queryRaw`SELECT id FROM users WHERE id IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))}) FOR UPDATE`,
      waiting,
      requests,
    });

  /** Exactly one call succeeded and the other was refused with the last-admin CONFLICT; one admin is left. */
  async function expectOneWinner(results: Array<GraphqlResponse<unknown>>, callers: Account[]) {
    const winners = results.filter((result) => !result.errors);
    const losers = results.filter((result) => result.errors);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expectError(losers[0], 'CONFLICT', LAST_ADMIN);
    const admins = await solo.db.user.findMany({ where: { role: 'admin' }, select: { id: true } });
    // The admin left is the one whose call went through.
    expect(admins).toEqual([{ id: callers[results.indexOf(winners[0])].user.id }]);
  }

  it('two admins demoting each other at the same moment: one wins, the other gets CONFLICT (several rounds)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [a, b] = await onlyTwoAdmins();
      const results = await releasedTogether([a.user.id, b.user.id], 2, () =>
        Promise.all([
          solo.graphql(operations.SetUserRole, { id: b.user.id, role: 'agent' }, a.idToken),
          solo.graphql(operations.SetUserRole, { id: a.user.id, role: 'agent' }, b.idToken),
        ]),
      );
      await expectOneWinner(results, [a, b]);
    }
  });

  it('two admins deleting each other at the same moment: one is deleted, the other gets CONFLICT', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await onlyTwoAdmins();
      const results = await releasedTogether([a.user.id, b.user.id], 2, () =>
        Promise.all([solo.graphql(operations.DeleteUser, { id: b.user.id }, a.idToken), solo.graphql(operations.DeleteUser, { id: a.user.id }, b.idToken)]),
      );
      await expectOneWinner(results, [a, b]);
      // a's call deletes b and b's deletes a: the refused one's target keeps record and sign-in account.
      const [kept, deleted] = results[0].errors ? [b, a] : [a, b];
      expect(await solo.db.user.count({ where: { id: kept.user.id } })).toBe(1);
      expect(await solo.identity.getAccount(kept.uid)).not.toBeNull();
      expect(await solo.db.user.count({ where: { id: deleted.user.id } })).toBe(0);
      expect(await solo.identity.getAccount(deleted.uid)).toBeNull();
    }
  });

  it('one admin demoting while the other deletes them: still one admin left', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await onlyTwoAdmins();
      const results = await releasedTogether([a.user.id, b.user.id], 2, () =>
        Promise.all([solo.graphql(operations.SetUserRole, { id: b.user.id, role: 'agent' }, a.idToken), solo.graphql(operations.DeleteUser, { id: a.user.id }, b.idToken)]),
      );
      await expectOneWinner(results, [a, b]);
    }
  });

  it('plain simultaneous requests (no barrier) never leave zero admins and never fail with a server error', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await onlyTwoAdmins();
      const results = await Promise.all([
        solo.graphql(operations.SetUserRole, { id: b.user.id, role: 'agent' }, a.idToken),
        solo.graphql(operations.SetUserRole, { id: a.user.id, role: 'agent' }, b.idToken),
      ]);
      expect(results.filter((result) => !result.errors)).toHaveLength(1);
      const loser = results.find((result) => result.errors)!;
      // CONFLICT when both were inside at once; FORBIDDEN if one request was
      // authenticated only after the other had already demoted its caller.
      expect([
        { code: 'CONFLICT', message: LAST_ADMIN },
        { code: 'FORBIDDEN', message: ONLY_ADMINS },
      ]).toContainEqual({ code: errorOf(loser)?.extensions?.code, message: errorOf(loser)?.message });
      expect(await solo.db.user.count({ where: { role: 'admin' } })).toBe(1);
    }
  });
});

// ---------------------------------------------------------------------------

describe('markUserAsFraud', () => {
  it.each([
    ['a buyer', 'user'],
    ['an admin', 'admin'],
    ['a fraud account', 'fraud'],
  ] as const)('refuses %s as target (CONFLICT) and changes nothing', async (_who, role) => {
    const target = await app.createUser(role);
    const property = await createListing(app, agent.user.id);
    const offer = await createOffer(app, property, role === 'user' ? target.user.id : buyer.user.id);
    expectError(await app.graphql(operations.MarkUserAsFraud, { id: target.user.id }, admin.idToken), 'CONFLICT', ONLY_AGENTS_FRAUD);
    expect(await roleOf(target.user.id)).toBe(role);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('pending');
    expect((await app.rest('PUT', `/api/users/fraud/${target.user.id}`, { token: admin.idToken })).body).toEqual({ code: 'CONFLICT', message: ONLY_AGENTS_FRAUD });
  });

  it.each(NON_ADMINS)('is refused to %s (FORBIDDEN)', async (_who, accountOf) => {
    const target = await app.createUser('agent');
    expectError(await app.graphql(operations.MarkUserAsFraud, { id: target.user.id }, accountOf().idToken), 'FORBIDDEN', ONLY_ADMINS);
    expect((await app.rest('PUT', `/api/users/fraud/${target.user.id}`, { token: accountOf().idToken })).status).toBe(403);
    expect(await roleOf(target.user.id)).toBe('agent');
  });

  it('hides the agent’s listings from buyers and other agents, rejects pending offers on them, refuses new actions, and bars the agent from listing', async () => {
    const location = unique('Fraudville');
    const [crook, honest, shopper, otherShopper, newcomer] = await Promise.all([
      app.createUser('agent', { name: 'Carl Crook' }),
      app.createUser('agent', { name: 'Hana Honest' }),
      app.createUser('user', { name: 'Sam Shopper' }),
      app.createUser('user', { name: 'Oli Othershopper' }),
      app.createUser('user', { name: 'Nia Newcomer' }),
    ]);
    const advertised = await createListing(app, crook.user.id, { location, isAdvertised: true });
    const withAccepted = await createListing(app, crook.user.id, { location });
    const withBought = await createListing(app, crook.user.id, { location });
    const pendingListing = await createListing(app, crook.user.id, { location, status: 'pending' });
    const honestListing = await createListing(app, honest.user.id, { location, isAdvertised: true });
    const crookListings = [advertised, withAccepted, withBought];

    // Before: buyers see, wishlist, offer on and review the crook's listings.
    for (const property of [advertised, withAccepted]) expectOk(await app.graphql(operations.AddToWishlist, { propertyId: property.id }, shopper.idToken));
    const pendingOffer = expectOk(await app.graphql(operations.MakeOffer, { input: { propertyId: advertised.id, offerAmount: '1500', buyingDate: FUTURE } }, shopper.idToken)).makeOffer;
    const otherPending = await createOffer(app, advertised, otherShopper.user.id, 'pending');
    const rejected = await createOffer(app, advertised, newcomer.user.id, 'rejected');
    const accepted = await createOffer(app, withAccepted, otherShopper.user.id, 'accepted');
    const bought = await createOffer(app, withBought, shopper.user.id, 'bought', '1750.00');
    const honestPending = await createOffer(app, honestListing, otherShopper.user.id, 'pending');
    const review = expectOk(await app.graphql(operations.AddReview, { propertyId: advertised.id, text: 'Lovely, honest agent.' }, shopper.idToken)).addReview;
    const honestReview = expectOk(await app.graphql(operations.AddReview, { propertyId: honestListing.id, text: 'Truly lovely.' }, shopper.idToken)).addReview;

    const verifiedIds = async (account: Account) => expectOk(await app.graphql(operations.VerifiedProperties, { search: location, first: 48 }, account.idToken)).verifiedProperties.nodes.map((node) => node.id);
    const advertisedIds = async () => expectOk(await app.graphql(operations.AdvertisedProperties, { first: 24 })).advertisedProperties.map((node) => node.id);
    const latestReviewIds = async () => expectOk(await app.graphql(operations.LatestReviews, { first: 24 })).latestReviews.map((node) => node.id);
    const wishlistPropertyIds = async () => expectOk(await app.graphql(operations.MyWishlist, {}, shopper.idToken)).myWishlist.nodes.map((item) => item.property.id);

    expect((await verifiedIds(shopper)).sort()).toEqual([...crookListings, honestListing].map((p) => p.id).sort());
    expect(await advertisedIds()).toEqual(expect.arrayContaining([advertised.id, honestListing.id]));
    expect((await wishlistPropertyIds()).sort()).toEqual([advertised.id, withAccepted.id].sort());
    expect(await latestReviewIds()).toEqual(expect.arrayContaining([review.id, honestReview.id]));

    // The mark.
    expect(expectOk(await app.graphql(operations.MarkUserAsFraud, { id: crook.user.id }, admin.idToken)).markUserAsFraud).toEqual({ id: crook.user.id, role: 'fraud' });
    expect(await roleOf(crook.user.id)).toBe('fraud');

    // Public lists: only the honest listing is left.
    expect(await verifiedIds(shopper)).toEqual([honestListing.id]);
    expect(await verifiedIds(honest)).toEqual([honestListing.id]);
    const nowAdvertised = await advertisedIds();
    expect(nowAdvertised).toContain(honestListing.id);
    expect(nowAdvertised).not.toContain(advertised.id);
    const restAdvertised = await app.rest('GET', '/api/properties/advertised');
    expect(restAdvertised.body.map((item: Json) => item._id)).not.toContain(advertised.id);

    // Details: NOT_FOUND for buyers and other agents, exactly like a missing listing.
    for (const property of [...crookListings, pendingListing]) {
      for (const viewer of [shopper, honest]) expectError(await app.graphql(operations.Property, { id: property.id }, viewer.idToken), 'NOT_FOUND', PROPERTY_NOT_FOUND);
    }
    // Admins still see everything (kept for disputes), in allProperties and in details.
    // The newest listings are this test's own; a short page keeps within the query cost limit.
    const allIds = expectOk(await app.graphql(operations.AllProperties, { first: 24 }, admin.idToken)).allProperties.nodes.map((node) => node.id);
    expect(allIds).toEqual(expect.arrayContaining([...crookListings, pendingListing].map((p) => p.id)));
    expect(expectOk(await app.graphql(operations.Property, { id: advertised.id }, admin.idToken)).property).toMatchObject({ id: advertised.id, status: 'verified', agent: { id: crook.user.id } });
    // The fraud account itself: its own listing's details still open (history), but no agent lists, and not in public ones.
    expect(expectOk(await app.graphql(operations.Property, { id: advertised.id }, crook.idToken)).property.id).toBe(advertised.id);
    expect(expectOk(await app.graphql(operations.MyAccount, {}, crook.idToken)).me?.role).toBe('fraud');
    expectError(await app.graphql(operations.MyProperties, {}, crook.idToken), 'FORBIDDEN', ONLY_AGENTS);
    expectError(await app.graphql(operations.AllProperties, { first: 24 }, crook.idToken), 'FORBIDDEN', ONLY_ADMINS);
    expect(await verifiedIds(crook)).toEqual([honestListing.id]);

    // Wishlists no longer list them (GraphQL and REST).
    expect(await wishlistPropertyIds()).toEqual([]);
    expect((await app.rest('GET', `/api/wishlist?email=${shopper.email}`, { token: shopper.idToken })).body).toEqual([]);

    // Pending offers on them are rejected; accepted, bought and already rejected ones are kept; other agents' untouched.
    const statuses = await app.db.offer.findMany({ where: { id: { in: [pendingOffer.id, otherPending.id, rejected.id, accepted.id, bought.id, honestPending.id] } } });
    const statusOf = (id: string) => statuses.find((offer) => offer.id === id)?.status;
    expect([statusOf(pendingOffer.id), statusOf(otherPending.id), statusOf(rejected.id)]).toEqual(['rejected', 'rejected', 'rejected']);
    expect([statusOf(accepted.id), statusOf(bought.id), statusOf(honestPending.id)]).toEqual(['accepted', 'bought', 'pending']);

    // New wishlist entries, offers and reviews on them are refused as if the listing did not exist.
    expectError(await app.graphql(operations.AddToWishlist, { propertyId: advertised.id }, newcomer.idToken), 'NOT_FOUND', PROPERTY_NOT_FOUND);
    expectError(await app.graphql(operations.MakeOffer, { input: { propertyId: advertised.id, offerAmount: '1500', buyingDate: FUTURE } }, newcomer.idToken), 'NOT_FOUND', PROPERTY_NOT_FOUND);
    expectError(await app.graphql(operations.AddReview, { propertyId: advertised.id, text: 'Sneaky.' }, newcomer.idToken), 'NOT_FOUND', PROPERTY_NOT_FOUND);
    expect(await app.db.wishlistItem.count({ where: { userId: newcomer.user.id } })).toBe(0);
    expect(await app.db.offer.count({ where: { buyerId: newcomer.user.id, status: 'pending' } })).toBe(0);
    expect(await app.db.review.count({ where: { userId: newcomer.user.id } })).toBe(0);

    // Reviews of them are hidden from the home page and from buyers; the honest one stays. Admins still read them.
    const latest = await latestReviewIds();
    expect(latest).toContain(honestReview.id);
    expect(latest).not.toContain(review.id);
    expectError(await app.graphql(operations.PropertyReviewIds, { propertyId: advertised.id }, shopper.idToken), 'NOT_FOUND', PROPERTY_NOT_FOUND);
    expect(expectOk(await app.graphql(operations.PropertyReviewIds, { propertyId: honestListing.id }, shopper.idToken)).propertyReviews).toEqual([{ id: honestReview.id }]);
    expect(expectOk(await app.graphql(operations.PropertyReviewIds, { propertyId: advertised.id }, admin.idToken)).propertyReviews).toEqual([{ id: review.id }]);

    // The fraud account cannot list again, nor come back by editing or removing a listing.
    expectError(await app.graphql(operations.AddOwnProperty, { input: propertyInput({ location }) }, crook.idToken), 'FORBIDDEN', ONLY_AGENTS);
    expectError(await app.graphql(operations.UpdateProperty, { id: advertised.id, input: propertyInput({ title: 'Totally legit' }) }, crook.idToken), 'FORBIDDEN', ONLY_AGENTS);
    expectError(await app.graphql(operations.DeleteProperty, { id: pendingListing.id }, crook.idToken), 'FORBIDDEN', ONLY_AGENTS);
    expect((await app.rest('POST', '/api/properties', { token: crook.idToken, body: { ...propertyInput(), agentEmail: crook.email } })).status).toBe(403);
    expect(await app.db.property.count({ where: { agentId: crook.user.id } })).toBe(4);
    expect((await app.db.property.findUniqueOrThrow({ where: { id: advertised.id } })).title).toBe(advertised.title);
    expect(await app.db.property.count({ where: { agentId: crook.user.id, deletedAt: { not: null } } })).toBe(0);
    // ...nor be marked again or given another role.
    expectError(await app.graphql(operations.MarkUserAsFraud, { id: crook.user.id }, admin.idToken), 'CONFLICT', ONLY_AGENTS_FRAUD);
    expectError(await app.graphql(operations.SetUserRole, { id: crook.user.id, role: 'agent' }, admin.idToken), 'CONFLICT', FRAUD_ROLE);
  });

  it('answers the REST PUT /api/users/fraud/:id with modifiedCount 1 and a message', async () => {
    const crook = await app.createUser('agent');
    const property = await createListing(app, crook.user.id);
    const offer = await createOffer(app, property, buyer.user.id);
    expect(await app.rest('PUT', `/api/users/fraud/${crook.user.id}`, { token: admin.idToken })).toEqual({ status: 200, body: { modifiedCount: 1, message: FRAUD_MESSAGE } });
    expect(await roleOf(crook.user.id)).toBe('fraud');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('rejected');
    expect((await app.rest('GET', `/api/users/role/${crook.email}`, { token: crook.idToken })).body).toEqual({ role: 'fraud' });
  });
});

// ---------------------------------------------------------------------------

describe('deleteUser', () => {
  /** Everything an account has, as counts (for "nothing changed" and "all gone" checks). */
  async function footprint(target: TestApp, userId: string) {
    const [user, wishlist, reviews, offersMade, offersReceived, listings] = await Promise.all([
      target.db.user.count({ where: { id: userId } }),
      target.db.wishlistItem.count({ where: { userId } }),
      target.db.review.count({ where: { userId } }),
      target.db.offer.count({ where: { buyerId: userId } }),
      target.db.offer.count({ where: { agentId: userId } }),
      target.db.property.count({ where: { agentId: userId } }),
    ]);
    return { user, wishlist, reviews, offersMade, offersReceived, listings };
  }
  const nothing = { user: 0, wishlist: 0, reviews: 0, offersMade: 0, offersReceived: 0, listings: 0 };

  /**
   * A deleted account's token, though unexpired, reaches nothing. Against the Auth
   * emulator firebase-admin checks the account on every verification, so the token
   * itself is refused (UNAUTHENTICATED); against a real project (no revocation
   * check) it verifies but finds no record: me is null and the rest FORBIDDEN.
   */
  async function expectNoAccountBehind(account: Account) {
    const me = await app.graphql(operations.MyAccount, {}, account.idToken);
    if (me.errors) expect(errorOf(me)).toMatchObject({ message: 'Invalid authentication token.', extensions: { code: 'UNAUTHENTICATED' } });
    expect(me.data).toEqual({ me: null });
    const refusal = me.errors ? 'UNAUTHENTICATED' : 'FORBIDDEN';
    const requests = [
      () => app.graphql(operations.RoleByEmail, { email: account.email }, account.idToken),
      () => app.graphql(operations.MyWishlist, {}, account.idToken),
      () => app.graphql(operations.MyProfileFigures, {}, account.idToken),
    ];
    for (const send of requests) {
      expectError(await send(), refusal);
    }
    expect((await app.rest('GET', `/api/users/role/${account.email}`, { token: account.idToken })).status).toBe(refusal === 'UNAUTHENTICATED' ? 401 : 403);
  }

  /** A buyer with a wishlist item, a review, a pending and a rejected offer. */
  async function buyerWithData() {
    const member = await app.createUser('user');
    const [first, second] = await Promise.all([createListing(app, agent.user.id), createListing(app, agent.user.id)]);
    await createWishlistItem(app, first.id, member.user.id);
    await createReview(app, first.id, member.user.id);
    await createOffer(app, first, member.user.id, 'pending');
    await createOffer(app, second, member.user.id, 'rejected');
    // Someone else's data on the same listing, which must survive.
    const othersReview = await createReview(app, first.id, buyer.user.id);
    return { member, listings: [first, second], othersReview };
  }

  it('deletes a buyer: record, Firebase account, wishlist, reviews and open offers; their token no longer has an account', async () => {
    const { member, listings, othersReview } = await buyerWithData();
    expect(await footprint(app, member.user.id)).toEqual({ user: 1, wishlist: 1, reviews: 1, offersMade: 2, offersReceived: 0, listings: 0 });

    expect(expectOk(await app.graphql(operations.DeleteUser, { id: member.user.id }, admin.idToken))).toEqual({ deleteUser: member.user.id });
    expect(await footprint(app, member.user.id)).toEqual(nothing);
    expect(await app.identity.getAccount(member.uid)).toBeNull();
    expect(identityDeletes).toContain(member.uid);
    // Other people's data and the listings are untouched.
    expect(await app.db.review.count({ where: { id: othersReview.id } })).toBe(1);
    expect(await app.db.property.count({ where: { id: { in: listings.map((p) => p.id) } } })).toBe(2);

    // The old (still unexpired) token reaches no account any more.
    await expectNoAccountBehind(member);
    // Deleting again: gone.
    expectError(await app.graphql(operations.DeleteUser, { id: member.user.id }, admin.idToken), 'NOT_FOUND', 'User not found.');
  });

  it('deletes an agent with their listings, and those listings’ wishlist items, reviews and open offers', async () => {
    const lister = await app.createUser('agent');
    const live = await createListing(app, lister.user.id);
    const pendingListing = await createListing(app, lister.user.id, { status: 'pending' });
    const removed = await createListing(app, lister.user.id, { deletedAt: new Date() });
    const keep = await createListing(app, agent.user.id);
    const shopperWish = await createWishlistItem(app, live.id, buyer.user.id);
    const keptWish = await createWishlistItem(app, keep.id, buyer.user.id);
    const reviewOnLive = await createReview(app, live.id, buyer.user.id);
    const pendingOnLive = await createOffer(app, live, buyer.user.id, 'pending');
    const rejectedOnRemoved = await createOffer(app, removed, buyer.user.id, 'rejected');
    expect(await footprint(app, lister.user.id)).toMatchObject({ user: 1, offersReceived: 2, listings: 3 });

    expect(expectOk(await app.graphql(operations.DeleteUser, { id: lister.user.id }, otherAdmin.idToken))).toEqual({ deleteUser: lister.user.id });
    expect(await footprint(app, lister.user.id)).toEqual(nothing);
    expect(await app.identity.getAccount(lister.uid)).toBeNull();
    expect(await app.db.property.count({ where: { id: { in: [live.id, pendingListing.id, removed.id] } } })).toBe(0);
    expect(await app.db.wishlistItem.count({ where: { id: shopperWish.id } })).toBe(0);
    expect(await app.db.review.count({ where: { id: reviewOnLive.id } })).toBe(0);
    expect(await app.db.offer.count({ where: { id: { in: [pendingOnLive.id, rejectedOnRemoved.id] } } })).toBe(0);
    // The buyer and their other data stay.
    expect(await app.db.user.count({ where: { id: buyer.user.id } })).toBe(1);
    expect(await app.db.wishlistItem.count({ where: { id: keptWish.id } })).toBe(1);
    expect(await app.db.property.count({ where: { id: keep.id } })).toBe(1);
  });

  it('deletes another admin while other admins remain', async () => {
    const extra = await app.createUser('admin');
    expect(expectOk(await app.graphql(operations.DeleteUser, { id: extra.user.id }, admin.idToken))).toEqual({ deleteUser: extra.user.id });
    expect(await app.db.user.count({ where: { id: extra.user.id } })).toBe(0);
    expect(await app.identity.getAccount(extra.uid)).toBeNull();
    await expectNoAccountBehind(extra);
    const denied = await app.graphql(operations.Users, {}, extra.idToken);
    expect(['UNAUTHENTICATED', 'FORBIDDEN']).toContain(errorOf(denied)?.extensions?.code);
  });

  it('refuses an admin deleting themselves (FORBIDDEN), and non-admins (FORBIDDEN)', async () => {
    expectError(await app.graphql(operations.DeleteUser, { id: admin.user.id }, admin.idToken), 'FORBIDDEN', OWN_ACCOUNT);
    expect(await app.rest('DELETE', `/api/users/${admin.user.id}`, { token: admin.idToken })).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: OWN_ACCOUNT } });
    const member = await app.createUser('user');
    for (const caller of [buyer, agent, fraud]) {
      expectError(await app.graphql(operations.DeleteUser, { id: member.user.id }, caller.idToken), 'FORBIDDEN', ONLY_ADMINS);
      expect((await app.rest('DELETE', `/api/users/${member.user.id}`, { token: caller.idToken })).status).toBe(403);
    }
    expect(await app.db.user.count({ where: { id: { in: [admin.user.id, member.user.id] } } })).toBe(2);
    expect(await app.identity.getAccount(admin.uid)).not.toBeNull();
    expect(await app.identity.getAccount(member.uid)).not.toBeNull();
  });

  it.each([
    ['a buyer with an accepted offer', 'user', 'accepted'],
    ['a buyer with a bought offer', 'user', 'bought'],
    ['an agent with an accepted offer on a listing', 'agent', 'accepted'],
    ['an agent with a bought offer on a listing', 'agent', 'bought'],
    ['a fraud agent with a bought offer on a listing', 'fraud', 'bought'],
  ] as const)('refuses %s (CONFLICT) and changes nothing', async (_who, role, status) => {
    const target = await app.createUser(role);
    const isBuyer = role === 'user';
    const listing = await createListing(app, isBuyer ? agent.user.id : target.user.id);
    const other = await createListing(app, isBuyer ? agent.user.id : target.user.id);
    await createOffer(app, listing, isBuyer ? target.user.id : buyer.user.id, status);
    await createOffer(app, other, isBuyer ? target.user.id : buyer.user.id, 'pending');
    await createWishlistItem(app, other.id, isBuyer ? target.user.id : buyer.user.id);
    await createReview(app, other.id, isBuyer ? target.user.id : buyer.user.id);
    const before = await footprint(app, target.user.id);
    const wishlistOnOther = await app.db.wishlistItem.count({ where: { propertyId: other.id } });

    expectError(await app.graphql(operations.DeleteUser, { id: target.user.id }, admin.idToken), 'CONFLICT', SETTLED);
    expect(await app.rest('DELETE', `/api/users/${target.user.id}?email=${target.email}`, { token: admin.idToken })).toEqual({ status: 409, body: { code: 'CONFLICT', message: SETTLED } });
    expect(await footprint(app, target.user.id)).toEqual(before);
    expect(await app.db.wishlistItem.count({ where: { propertyId: other.id } })).toBe(wishlistOnOther);
    expect(await app.db.offer.count({ where: { propertyId: other.id, status: 'pending' } })).toBe(1);
    expect(await app.identity.getAccount(target.uid)).not.toBeNull();
    expect(expectOk(await app.graphql(operations.MyAccount, {}, target.idToken)).me?.role).toBe(role);
  });

  it('REST DELETE /api/users/:id?email=: a different e-mail is refused (400) and deletes nothing; the right one deletes', async () => {
    const { member } = await buyerWithData();
    const before = await footprint(app, member.user.id);
    const wrong = await app.rest('DELETE', `/api/users/${member.user.id}?email=${encodeURIComponent(buyer.email)}`, { token: admin.idToken });
    expect(wrong).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: 'The e-mail does not match this user.' } });
    expect(await footprint(app, member.user.id)).toEqual(before);
    expect(await app.identity.getAccount(member.uid)).not.toBeNull();

    const right = await app.rest('DELETE', `/api/users/${member.user.id}?email=${encodeURIComponent(member.email.toUpperCase())}`, { token: admin.idToken });
    expect(right).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await footprint(app, member.user.id)).toEqual(nothing);
    expect(await app.identity.getAccount(member.uid)).toBeNull();
  });

  it('REST DELETE /api/users/:id: unknown id 404, malformed id 400', async () => {
    expect((await app.rest('DELETE', `/api/users/${randomUUID()}`, { token: admin.idToken })).status).toBe(404);
    expect((await app.rest('DELETE', '/api/users/nope', { token: admin.idToken })).status).toBe(400);
  });

  it('rolls everything back when the Firebase account cannot be deleted (SERVICE_UNAVAILABLE), and a retry succeeds', async () => {
    const lister = await app.createUser('agent');
    const listing = await createListing(app, lister.user.id);
    await createWishlistItem(app, listing.id, buyer.user.id);
    await createReview(app, listing.id, buyer.user.id);
    await createOffer(app, listing, buyer.user.id, 'pending');
    const before = await footprint(app, lister.user.id);
    const onListing = async () => ({
      wishlist: await app.db.wishlistItem.count({ where: { propertyId: listing.id } }),
      reviews: await app.db.review.count({ where: { propertyId: listing.id } }),
      offers: await app.db.offer.count({ where: { propertyId: listing.id } }),
    });
    const listingDataBefore = await onListing();
    expect(listingDataBefore).toEqual({ wishlist: 1, reviews: 1, offers: 1 });

    failNextIdentityDelete();
    const failed = await app.graphql(operations.DeleteUser, { id: lister.user.id }, admin.idToken);
    expectError(failed, 'SERVICE_UNAVAILABLE', IDENTITY_FAILED);
    expect(identityDeletes.at(-1)).toBe(lister.uid);
    expect(await footprint(app, lister.user.id)).toEqual(before);
    expect(await onListing()).toEqual(listingDataBefore);
    expect(await app.identity.getAccount(lister.uid)).not.toBeNull();
    // The account still works.
    expect(expectOk(await app.graphql(operations.MyAccount, {}, lister.idToken)).me?.role).toBe('agent');

    // The same through REST: 503.
    failNextIdentityDelete();
    expect(await app.rest('DELETE', `/api/users/${lister.user.id}`, { token: admin.idToken })).toEqual({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: IDENTITY_FAILED } });
    expect(await footprint(app, lister.user.id)).toEqual(before);
    expect(await app.identity.getAccount(lister.uid)).not.toBeNull();

    // Retry once the provider answers again.
    expect(expectOk(await app.graphql(operations.DeleteUser, { id: lister.user.id }, admin.idToken))).toEqual({ deleteUser: lister.user.id });
    expect(await footprint(app, lister.user.id)).toEqual(nothing);
    expect(await onListing()).toEqual({ wishlist: 0, reviews: 0, offers: 0 });
    expect(await app.identity.getAccount(lister.uid)).toBeNull();
  });

  it('still deletes the record when the Firebase account is already gone', async () => {
    const { member } = await buyerWithData();
    await app.identity.deleteAccount(member.uid);
    expect(await app.identity.getAccount(member.uid)).toBeNull();
    expect(expectOk(await app.graphql(operations.DeleteUser, { id: member.user.id }, admin.idToken))).toEqual({ deleteUser: member.user.id });
    expect(await footprint(app, member.user.id)).toEqual(nothing);
  });

  it('does not delete an offer that gets accepted while the deletion waits for it', async () => {
    const lister = await app.createUser('agent');
    const listing = await createListing(app, lister.user.id);
    const offer = await createOffer(app, listing, buyer.user.id, 'pending');
    // The agent accepts the offer (row locked, then committed) while the admin's deletion is under way.
    const deletion = await requestsAgainstHeldRows(app.db, {
      lock: (tx) => tx.$queryRaw`SELECT id FROM offers WHERE id = ${offer.id}::uuid FOR UPDATE`,
      commit: (tx) => tx.offer.update({ where: { id: offer.id }, data: { status: 'accepted' } }),
      waiting: 1,
      requests: () => app.graphql(operations.DeleteUser, { id: lister.user.id }, admin.idToken),
    });
    expectError(deletion, 'CONFLICT', SETTLED);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('accepted');
    expect(await app.db.user.count({ where: { id: lister.user.id } })).toBe(1);
    expect(await app.identity.getAccount(lister.uid)).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------

describe('myProfileFigures', () => {
  const figuresOf = async (account: Account) => expectOk(await app.graphql(operations.MyProfileFigures, {}, account.idToken)).myProfileFigures;
  const NONE = { wishlistItems: null, offers: null, listings: null, soldTotal: null, reviews: null, pendingVerifications: null, users: null, agents: null, fraudAccounts: null };

  it('gives a buyer their wishlist count (as the wishlist shows it), their offers by status and their reviews', async () => {
    const member = await app.createUser('user');
    expect(await figuresOf(member)).toEqual({ ...NONE, wishlistItems: 0, offers: { pending: 0, accepted: 0, rejected: 0, bought: 0 }, reviews: 0 });

    const listings = await Promise.all(Array.from({ length: 6 }, () => createListing(app, agent.user.id)));
    const crook = await app.createUser('agent');
    const crookListing = await createListing(app, crook.user.id);
    for (const listing of [listings[0], listings[1], crookListing]) expectOk(await app.graphql(operations.AddToWishlist, { propertyId: listing.id }, member.idToken));
    await createOffer(app, listings[0], member.user.id, 'pending');
    await createOffer(app, listings[1], member.user.id, 'accepted');
    await createOffer(app, listings[2], member.user.id, 'rejected');
    await createOffer(app, listings[3], member.user.id, 'rejected');
    await createOffer(app, listings[4], member.user.id, 'bought');
    await createOffer(app, listings[5], buyer.user.id, 'pending'); // someone else's
    await createReview(app, listings[0].id, member.user.id);
    await createReview(app, listings[1].id, member.user.id);
    await createReview(app, listings[1].id, buyer.user.id); // someone else's
    expect(await figuresOf(member)).toEqual({ ...NONE, wishlistItems: 3, offers: { pending: 1, accepted: 1, rejected: 2, bought: 1 }, reviews: 2 });

    // Once the crook is marked as fraud their listing leaves the wishlist page, and the figure follows.
    expectOk(await app.graphql(operations.MarkUserAsFraud, { id: crook.user.id }, admin.idToken));
    const shown = expectOk(await app.graphql(operations.MyWishlist, {}, member.idToken)).myWishlist.nodes;
    expect(shown).toHaveLength(2);
    expect((await figuresOf(member)).wishlistItems).toBe(shown.length);
  });

  it('gives an agent their live listings by status, offers on them by status and the exact sold total', async () => {
    const lister = await app.createUser('agent');
    expect(await figuresOf(lister)).toEqual({ ...NONE, listings: { pending: 0, verified: 0, rejected: 0 }, offers: { pending: 0, accepted: 0, rejected: 0, bought: 0 }, soldTotal: '0.00' });

    const pendingListing = await createListing(app, lister.user.id, { status: 'pending' });
    const [soldA, soldB, acceptedOn] = await Promise.all([createListing(app, lister.user.id), createListing(app, lister.user.id), createListing(app, lister.user.id)]);
    await createListing(app, lister.user.id, { status: 'rejected' });
    await createListing(app, lister.user.id, { deletedAt: new Date() }); // deleted: not counted
    await createListing(app, lister.user.id, { status: 'pending', deletedAt: new Date() }); // deleted: not counted
    await createOffer(app, soldA, buyer.user.id, 'bought', '0.10');
    await createOffer(app, soldB, buyer.user.id, 'bought', '0.20');
    await createOffer(app, acceptedOn, buyer.user.id, 'accepted');
    await createOffer(app, pendingListing, buyer.user.id, 'pending');
    await createOffer(app, soldA, (await app.createUser('user')).user.id, 'rejected');
    await createOffer(app, await createListing(app, agent.user.id), buyer.user.id, 'bought', '999.99'); // another agent's sale

    const figures = await figuresOf(lister);
    expect(figures).toEqual({
      ...NONE,
      listings: { pending: 1, verified: 3, rejected: 1 },
      offers: { pending: 1, accepted: 1, rejected: 1, bought: 2 },
      soldTotal: '0.30',
    });
    expect(expectOk(await app.graphql(operations.MySales, {}, lister.idToken)).mySales.total).toBe(figures.soldTotal);
  });

  it('gives an admin the platform counts: pending verifications, accounts, agents, fraud accounts, reviews', async () => {
    const counts = async () => ({
      pendingVerifications: await app.db.property.count({ where: { status: 'pending', deletedAt: null } }),
      users: await app.db.user.count(),
      agents: await app.db.user.count({ where: { role: 'agent' } }),
      fraudAccounts: await app.db.user.count({ where: { role: 'fraud' } }),
      reviews: await app.db.review.count(),
    });
    const before = await figuresOf(admin);
    expect(before).toEqual({ ...NONE, ...(await counts()) });

    const [, newAgent] = await Promise.all([app.createUser('user'), app.createUser('agent'), app.createUser('fraud')]);
    await createListing(app, newAgent.user.id, { status: 'pending' });
    await createListing(app, newAgent.user.id, { status: 'pending', deletedAt: new Date() }); // deleted: not waiting
    const verified = await createListing(app, newAgent.user.id);
    await createReview(app, verified.id, buyer.user.id);

    // An admin's figures are numbers (checked above), never null.
    const after = await figuresOf(otherAdmin);
    expect(after).toEqual({
      ...NONE,
      pendingVerifications: before.pendingVerifications! + 1,
      users: before.users! + 3,
      agents: before.agents! + 1,
      fraudAccounts: before.fraudAccounts! + 1,
      reviews: before.reviews! + 1,
    });
  });

  it('gives a fraud account nothing (every figure null), and a caller without a record FORBIDDEN', async () => {
    expect(await figuresOf(fraud)).toEqual(NONE);
    const crook = await app.createUser('agent');
    await createListing(app, crook.user.id);
    await app.graphql(operations.MarkUserAsFraud, { id: crook.user.id }, admin.idToken);
    expect(await figuresOf(crook)).toEqual(NONE);

    const unregistered = await signUp();
    expectError(await app.graphql(operations.MyProfileFigures, {}, unregistered.idToken), 'FORBIDDEN');
  });
});
