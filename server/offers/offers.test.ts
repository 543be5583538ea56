// Offers through the real app over HTTP (GraphQL, and the REST routes of spec
// section 7): who may offer, accept, reject and read; the price range of the
// stored property; one open offer per buyer and one accepted offer per property,
// under concurrent requests too; exact money; mark-paid only for a real payment;
// no N+1 queries in lists.
import { randomBytes, randomUUID } from 'node:crypto';
import type { MakeOfferInput } from '../graphql/generated/resolvers-types';
import { callersRefusedBuyersActions, createListing, createOffer, createUserRow, dataOf, errorOf, FUTURE, ONLY_AGENTS, startAppWithCast, unique, type Account, type Json, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { confirmWithCard } from '../test/payments';
import { looseVariables, type TestApp } from '../test/test-app';

const RANGE = 'Offer must be within the price range.';
const OPEN_OFFER = 'You already have an open offer on this property.';
const ONLY_PENDING = 'Only pending offers can be accepted or rejected.';
const PAST_DATE = 'Buying date cannot be in the past';

const DAY = 24 * 3600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, otherBuyer: Account, admin: Account, fraud: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, otherBuyer, admin, fraud } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin', 'fraud'])));
afterAll(() => app?.close());

/** A listing arranged directly in the database (verified, 1000.00–2000.00, unless told otherwise). */
const seed = (agentId = agent.user.id, data: ListingData = {}) =>
  createListing(app, agentId, { title: unique('Offered'), location: 'Dhanmondi, Dhaka', image: 'https://images.example.test/offered.jpg', ...data });

const make = (account: Account | null, input: MakeOfferInput) => app.graphql(operations.MakeOffer, { input }, account?.idToken);

async function makeOk(account: Account, propertyId: string, offerAmount = '1500.00', buyingDate = FUTURE) {
  const result = await make(account, { propertyId, offerAmount, buyingDate });
  expect(result.errors).toBeUndefined();
  return dataOf(result).makeOffer;
}

const statusOf = async (id: string) => (await app.db.offer.findUniqueOrThrow({ where: { id } })).status;

describe('making an offer', () => {
  it('lets a buyer offer on a verified property: pending, owned by the caller, on the property’s agent', async () => {
    const property = await seed();
    const offer = await makeOk(buyer, property.id, '1500.5', FUTURE);
    expect(offer).toEqual({
      id: expect.any(String),
      offerAmount: '1500.50',
      buyingDate: FUTURE,
      status: 'pending',
      transactionId: null,
      createdAt: expect.any(String),
      property: { id: property.id, title: property.title },
      buyer: { id: buyer.user.id, name: 'Bea Buyer', email: buyer.email },
      agent: { id: agent.user.id, name: 'Avery Agent', email: agent.email },
    });
    const row = await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
    expect(row).toMatchObject({ propertyId: property.id, buyerId: buyer.user.id, agentId: agent.user.id, status: 'pending', transactionId: null });
    expect(row.amount.toFixed(2)).toBe('1500.50');
    expect(row.buyingDate.toISOString()).toBe(`${FUTURE}T00:00:00.000Z`);
  });

  it.each(callersRefusedBuyersActions(() => ({ agent, admin, fraud })))('refuses %s and stores nothing', async (_who, accountOf, code, message) => {
    const property = await seed();
    const result = await make(accountOf(), { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE });
    expect(result.data).toBeNull();
    expect(errorOf(result)).toMatchObject({ message, extensions: { code } });
    expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it('accepts the inclusive bounds and refuses one cent outside, with the range message on offerAmount', async () => {
    const property = await seed(agent.user.id, { priceMin: '1000.00', priceMax: '2000.00' });
    const buyers = await Promise.all([app.createUser('user'), app.createUser('user'), app.createUser('user')]);
    expect((await makeOk(buyers[0], property.id, '1000')).offerAmount).toBe('1000.00');
    expect((await makeOk(buyers[1], property.id, '2000.00')).offerAmount).toBe('2000.00');
    const asNumber = await app.graphql(operations.MakeOffer, looseVariables({ input: { propertyId: property.id, offerAmount: 1999.99, buyingDate: FUTURE } }), buyers[2].idToken);
    expect(asNumber.errors).toBeUndefined();
    expect(dataOf(asNumber).makeOffer.offerAmount).toBe('1999.99'); // a JSON number keeps its text

    for (const offerAmount of ['999.99', '2000.01', '0', 999.99, 2000.01]) {
      const result = await app.graphql(operations.MakeOffer, looseVariables({ input: { propertyId: property.id, offerAmount, buyingDate: FUTURE } }), buyer.idToken);
      expect({ offerAmount, data: result.data, error: errorOf(result) }).toEqual({
        offerAmount,
        data: null,
        error: expect.objectContaining({ message: RANGE, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { offerAmount: RANGE } } }),
      });
    }
    expect(await app.db.offer.count({ where: { propertyId: property.id, buyerId: buyer.user.id } })).toBe(0);
  });

  it('checks the range of the property as stored now, not numbers a REST client sends', async () => {
    const property = await seed(agent.user.id, { priceMin: '1000.00', priceMax: '2000.00' });
    await app.db.property.update({ where: { id: property.id }, data: { priceMin: '3000.00', priceMax: '4000.00' } });

    // In the old range: refused now.
    const stale = await make(buyer, { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE });
    expect(errorOf(stale)).toMatchObject({ message: RANGE, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { offerAmount: RANGE } } });

    // A REST client claims a wide range and its own property copies: ignored.
    const forged = {
      propertyId: property.id,
      propertyTitle: 'Cheap!',
      propertyLocation: 'x',
      propertyImage: 'x',
      agentName: 'x',
      agentEmail: otherAgent.email,
      buyerName: 'Bea Buyer',
      buyerEmail: buyer.email,
      priceMin: 1,
      priceMax: 999999,
      propertyInfo: { priceMin: 1, priceMax: 999999 },
      offerAmount: 5000,
      buyingDate: FUTURE,
    };
    expect(await app.rest('POST', '/api/offers', { token: buyer.idToken, body: forged })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: RANGE, fieldErrors: { offerAmount: RANGE } },
    });
    expect(await app.rest('POST', '/api/offers', { token: buyer.idToken, body: { ...forged, offerAmount: 2999.99 } })).toMatchObject({ status: 400, body: { fieldErrors: { offerAmount: RANGE } } });
    expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(0);

    const inRange = await app.rest('POST', '/api/offers', { token: buyer.idToken, body: { ...forged, offerAmount: 3000 } });
    expect(inRange.status).toBe(201);
    expect(inRange.body).toMatchObject({ propertyTitle: property.title, agentEmail: agent.email, offerAmount: 3000 });
  });

  it('requires an amount and a buying date, with the form’s messages', async () => {
    const property = await seed();
    const noAmount = await make(buyer, { propertyId: property.id, offerAmount: '', buyingDate: FUTURE });
    expect(errorOf(noAmount)).toMatchObject({ message: 'Offer amount is required', extensions: { code: 'BAD_USER_INPUT', fieldErrors: { offerAmount: 'Offer amount is required' } } });
    const blank = await make(buyer, { propertyId: property.id, offerAmount: '   ', buyingDate: FUTURE });
    expect(errorOf(blank)?.extensions?.fieldErrors).toEqual({ offerAmount: 'Offer amount is required' });
    // GraphQL's Date scalar refuses an empty date before the rules run.
    expect(errorOf(await make(buyer, { propertyId: property.id, offerAmount: '1500', buyingDate: '' }))?.extensions?.code).toBe('BAD_USER_INPUT');

    expect(await app.rest('POST', '/api/offers', { token: buyer.idToken, body: { propertyId: property.id } })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: 'Offer amount is required', fieldErrors: { offerAmount: 'Offer amount is required', buyingDate: 'Buying date is required' } },
    });
    expect(await app.rest('POST', '/api/offers', { token: buyer.idToken, body: { propertyId: property.id, offerAmount: 1500, buyingDate: '' } })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: 'Buying date is required', fieldErrors: { buyingDate: 'Buying date is required' } },
    });
    expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it('refuses a buying date in the past and accepts today (in every time zone)', async () => {
    const now = Date.now();
    // The day before the earliest "today" on Earth (UTC-12) is in the past everywhere.
    for (const buyingDate of [isoDay(now - 12 * 3600_000 - DAY), isoDay(now - 3 * DAY), '2000-01-01']) {
      const property = await seed();
      const result = await make(buyer, { propertyId: property.id, offerAmount: '1500', buyingDate });
      expect({ buyingDate, error: errorOf(result) }).toEqual({
        buyingDate,
        error: expect.objectContaining({ message: PAST_DATE, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { buyingDate: PAST_DATE } } }),
      });
      expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(0);
    }
    // Today in UTC-12, in UTC and in UTC+14.
    for (const buyingDate of [isoDay(now - 12 * 3600_000), isoDay(now), isoDay(now + 14 * 3600_000)]) {
      const offer = await makeOk(buyer, (await seed()).id, '1500', buyingDate);
      expect(offer.buyingDate).toBe(buyingDate);
    }
  });

  it('finds only verified, not deleted properties (NOT_FOUND); a malformed id is BAD_USER_INPUT', async () => {
    const pending = await seed(agent.user.id, { status: 'pending' });
    const rejected = await seed(agent.user.id, { status: 'rejected' });
    const deleted = await seed(agent.user.id, { deletedAt: new Date() });
    for (const propertyId of [pending.id, rejected.id, deleted.id, randomUUID()]) {
      const result = await make(buyer, { propertyId, offerAmount: '1500', buyingDate: FUTURE });
      expect({ propertyId, error: errorOf(result) }).toEqual({ propertyId, error: expect.objectContaining({ message: 'Property not found.', extensions: { code: 'NOT_FOUND' } }) });
    }
    expect(errorOf(await make(buyer, { propertyId: 'zzz', offerAmount: '1500', buyingDate: FUTURE }))).toMatchObject({ message: 'Invalid property id.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await app.db.offer.count({ where: { propertyId: { in: [pending.id, rejected.id, deleted.id] } } })).toBe(0);
  });

  it('allows one open (pending or accepted) offer per buyer and property; after a rejection a new one is allowed', async () => {
    const property = await seed();
    const first = await makeOk(buyer, property.id, '1500');
    const second = await make(buyer, { propertyId: property.id, offerAmount: '1600', buyingDate: FUTURE });
    expect(second.data).toBeNull();
    expect(errorOf(second)).toMatchObject({ message: OPEN_OFFER, extensions: { code: 'CONFLICT' } });
    // Another buyer may offer on it meanwhile.
    await makeOk(otherBuyer, property.id, '1700');

    expect(dataOf(await app.graphql(operations.RejectOffer, { id: first.id }, agent.idToken)).rejectOffer.status).toBe('rejected');
    const again = await makeOk(buyer, property.id, '1800');
    expect(again.offerAmount).toBe('1800.00');

    // Accepted is open too.
    const other = await seed();
    const accepted = await makeOk(buyer, other.id, '1500');
    expect(dataOf(await app.graphql(operations.AcceptOffer, { id: accepted.id }, agent.idToken)).acceptOffer.status).toBe('accepted');
    expect(errorOf(await make(buyer, { propertyId: other.id, offerAmount: '1500', buyingDate: FUTURE }))).toMatchObject({ extensions: { code: 'CONFLICT' } });
    expect(await app.db.offer.count({ where: { propertyId: other.id, buyerId: buyer.user.id } })).toBe(1);
    expect(await app.db.offer.count({ where: { propertyId: property.id, buyerId: buyer.user.id, status: { in: ['pending', 'accepted'] } } })).toBe(1);
  });

  it('creates exactly one offer when the same buyer sends several at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const property = await seed();
      const racer = await app.createUser('user');
      const results = await Promise.all(['1100', '1200', '1300', '1400'].map((offerAmount) => make(racer, { propertyId: property.id, offerAmount, buyingDate: FUTURE })));
      const made = results.filter((r) => r.data?.makeOffer);
      expect(made).toHaveLength(1);
      for (const failed of results.filter((r) => !r.data?.makeOffer)) expect(errorOf(failed)).toMatchObject({ message: OPEN_OFFER, extensions: { code: 'CONFLICT' } });
      const rows = await app.db.offer.findMany({ where: { propertyId: property.id } });
      expect(rows.map((r) => r.id)).toEqual([dataOf(made[0]).makeOffer.id]);
    }
  });

  it('stores amounts exactly, including ones binary floats cannot hold', async () => {
    const property = await seed(agent.user.id, { priceMin: '0.01', priceMax: '999999999999.99' });
    const cases = [
      ['0.1', '0.10'],
      ['0.30', '0.30'],
      ['100000000000.1', '100000000000.10'],
      ['999999999999.99', '999999999999.99'],
      ['0.01', '0.01'],
    ];
    for (const [sent, expected] of cases) {
      const who = await app.createUser('user');
      const offer = await makeOk(who, property.id, sent);
      expect(offer.offerAmount).toBe(expected);
      expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).amount.toFixed(2)).toBe(expected);
      expect(dataOf(await app.graphql(operations.Offer, { id: offer.id }, who.idToken)).offer.offerAmount).toBe(expected);
      // REST answers a JSON number that reads back as the same decimal.
      const viaRest = await app.rest('GET', `/api/offers/${offer.id}`, { token: who.idToken });
      expect(viaRest.body.offerAmount).toBe(Number(expected));
      expect(viaRest.body.offerAmount.toFixed(2)).toBe(expected);
    }
    const tooPrecise = await make(buyer, { propertyId: property.id, offerAmount: '1500.001', buyingDate: FUTURE });
    expect(errorOf(tooPrecise)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(tooPrecise)?.extensions?.fieldErrors?.offerAmount).toBeDefined();
  });
});

describe('accepting and rejecting', () => {
  it('accepts a pending offer and rejects every other pending offer on that property in the same transaction', async () => {
    const property = await seed();
    const elsewhere = await seed();
    const buyers = await Promise.all([app.createUser('user'), app.createUser('user'), app.createUser('user')]);
    const chosen = await makeOk(buyers[0], property.id, '1500');
    const losers = [await makeOk(buyers[1], property.id, '1600'), await makeOk(buyers[2], property.id, '1700')];
    const alreadyRejected = await createOffer(app, property, buyer.user.id, 'rejected');
    const onOtherProperty = await makeOk(buyers[1], elsewhere.id, '1500');

    const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.AcceptOffer, { id: chosen.id }, agent.idToken));
    expect(result.errors).toBeUndefined();
    const { rejectedAtAcceptance, ...acceptedAnswer } = dataOf(result).acceptOffer;
    expect(acceptedAnswer).toEqual({ id: chosen.id, status: 'accepted' });
    // The answer names the offers the acceptance rejected (the page updates them in place), and only those.
    expect(rejectedAtAcceptance).toEqual(expect.arrayContaining(losers.map((loser) => ({ id: loser.id, status: 'rejected' }))));
    expect(rejectedAtAcceptance).toHaveLength(losers.length);
    expect(await statusOf(chosen.id)).toBe('accepted');
    for (const loser of losers) expect(await statusOf(loser.id)).toBe('rejected');
    expect(await statusOf(alreadyRejected.id)).toBe('rejected');
    expect(await statusOf(onOtherProperty.id)).toBe('pending');

    // Both updates sit between one BEGIN and its COMMIT, after the property's row lock.
    const begin = statements.findIndex((sql) => /^BEGIN/i.test(sql));
    const commit = statements.findIndex((sql) => /^COMMIT/i.test(sql));
    const lock = statements.findIndex((sql) => /FOR UPDATE/i.test(sql));
    const updates = statements.map((sql, i) => [sql, i] as const).filter(([sql]) => /^UPDATE "public"\."offers"/.test(sql)).map(([, i]) => i);
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(updates).toHaveLength(2);
    expect(begin).toBeLessThan(lock);
    expect(lock).toBeLessThan(updates[0]);
    expect(updates[1]).toBeLessThan(commit);
    expect(statements.filter((sql) => /^(BEGIN|COMMIT)/i.test(sql))).toHaveLength(2);

    // Now nobody can offer on it (it has an accepted offer), and the loser cannot be accepted.
    expect(errorOf(await app.graphql(operations.AcceptOffer, { id: losers[0].id }, agent.idToken))).toMatchObject({ message: ONLY_PENDING, extensions: { code: 'CONFLICT' } });
    const late = await make(buyer, { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE });
    expect(errorOf(late)?.extensions?.code).toBe('CONFLICT');
  });

  it('rejects one pending offer and leaves the others alone', async () => {
    const property = await seed();
    const a = await makeOk(buyer, property.id, '1500');
    const b = await makeOk(otherBuyer, property.id, '1600');
    expect(dataOf(await app.graphql(operations.RejectOffer, { id: a.id }, agent.idToken)).rejectOffer).toEqual({ id: a.id, status: 'rejected' });
    expect(await statusOf(a.id)).toBe('rejected');
    expect(await statusOf(b.id)).toBe('pending');
  });

  it('is only for the property’s own agent: another agent, a user, an admin are FORBIDDEN and nothing changes', async () => {
    const property = await seed();
    const offer = await makeOk(buyer, property.id, '1500');
    for (const mutation of [operations.AcceptOffer, operations.RejectOffer]) {
      for (const [account, message] of [
        [otherAgent, 'This offer is on another agent’s property.'],
        [buyer, ONLY_AGENTS],
        [admin, ONLY_AGENTS],
        [fraud, ONLY_AGENTS],
      ] as const) {
        const result = await app.graphql(mutation, { id: offer.id }, account.idToken);
        expect(result.data).toBeNull();
        expect(errorOf(result)).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
      }
      expect(errorOf(await app.graphql(mutation, { id: offer.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(errorOf(await app.graphql(mutation, { id: randomUUID() }, agent.idToken))?.extensions?.code).toBe('NOT_FOUND');
      expect(errorOf(await app.graphql(mutation, { id: 'bad' }, agent.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(await statusOf(offer.id)).toBe('pending');
  });

  it("handles only pending offers: others answer CONFLICT 'Only pending offers can be accepted or rejected.'", async () => {
    for (const status of ['accepted', 'rejected', 'bought'] as const) {
      const property = await seed();
      const offer = await createOffer(app, property, buyer.user.id, status, '1500.00', status === 'bought' ? { transactionId: `pi_${randomBytes(8).toString('hex')}` } : {});
      for (const mutation of [operations.AcceptOffer, operations.RejectOffer]) {
        const result = await app.graphql(mutation, { id: offer.id }, agent.idToken);
        expect({ status, error: errorOf(result) }).toEqual({ status, error: expect.objectContaining({ message: ONLY_PENDING, extensions: { code: 'CONFLICT' } }) });
      }
      expect(await statusOf(offer.id)).toBe(status);
    }
  });

  it('ends with exactly one accepted offer when two offers on one property are accepted at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const property = await seed();
      const [a, b] = [await makeOk(buyer, property.id, '1500'), await makeOk(otherBuyer, property.id, '1600')];
      const results = await Promise.all([a, b].map((offer) => app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken)));
      const winners = results.filter((r) => r.data?.acceptOffer);
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const loser = results.find((r) => !r.data?.acceptOffer)!;
      expect(errorOf(loser)?.extensions?.code).toBe('CONFLICT');
      expect([ONLY_PENDING, 'Another offer on this property has already been accepted.']).toContain(errorOf(loser)?.message);
      const statuses = (await app.db.offer.findMany({ where: { propertyId: property.id } })).map((o) => o.status).sort();
      expect(statuses).toEqual(['accepted', 'rejected']);
      const acceptedId = dataOf(winners[0]).acceptOffer.id;
      expect(await statusOf(acceptedId)).toBe('accepted');
    }
  });

  it('refuses a pending offer while another offer on the property is accepted or bought', async () => {
    for (const taken of ['accepted', 'bought'] as const) {
      const property = await seed();
      await createOffer(app, property, otherBuyer.user.id, taken, '1500.00', taken === 'bought' ? { transactionId: `pi_${randomBytes(8).toString('hex')}` } : {});
      const pending = await createOffer(app, property, buyer.user.id, 'pending');
      const result = await app.graphql(operations.AcceptOffer, { id: pending.id }, agent.idToken);
      expect(errorOf(result)).toMatchObject({ message: 'Another offer on this property has already been accepted.', extensions: { code: 'CONFLICT' } });
      expect(await statusOf(pending.id)).toBe('pending');
      // And no new offer is taken on it.
      const late = await make(await app.createUser('user'), { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE });
      expect(errorOf(late)).toMatchObject({ message: 'This property already has an accepted offer.', extensions: { code: 'CONFLICT' } });
    }
  });

  it('refuses to accept an offer on a deleted property and changes nothing', async () => {
    const property = await seed();
    const offer = await makeOk(buyer, property.id, '1500');
    const other = await makeOk(otherBuyer, property.id, '1600');
    await app.db.property.update({ where: { id: property.id }, data: { deletedAt: new Date() } });
    const result = await app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken);
    expect(result.data).toBeNull();
    expect(errorOf(result)).toMatchObject({ message: 'This property has been removed.', extensions: { code: 'CONFLICT' } });
    expect(await statusOf(offer.id)).toBe('pending');
    expect(await statusOf(other.id)).toBe('pending');
  });
});

describe('reading offers', () => {
  it('shows one offer to its buyer, its agent and admins only', async () => {
    const property = await seed();
    const offer = await makeOk(buyer, property.id, '1234.56');
    for (const account of [buyer, agent, admin]) {
      const result = await app.graphql(operations.Offer, { id: offer.id }, account.idToken);
      expect(dataOf(result).offer).toEqual(offer);
    }
    for (const account of [otherBuyer, otherAgent, fraud]) {
      const result = await app.graphql(operations.Offer, { id: offer.id }, account.idToken);
      expect(result.data).toBeNull();
      expect(errorOf(result)).toMatchObject({ message: 'This offer is not yours.', extensions: { code: 'FORBIDDEN' } });
    }
    expect(errorOf(await app.graphql(operations.Offer, { id: offer.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await app.graphql(operations.Offer, { id: randomUUID() }, admin.idToken))).toMatchObject({ message: 'Offer not found.', extensions: { code: 'NOT_FOUND' } });
  });

  it('lists the buyer’s own offers (myOffers) and the agent’s received offers (offersOnMyProperties), newest first', async () => {
    const [me, someoneElse] = [await app.createUser('user'), await app.createUser('user')];
    const [seller, rival] = [await app.createUser('agent'), await app.createUser('agent')];
    const [p1, p2, p3] = [await seed(seller.user.id), await seed(rival.user.id), await seed(seller.user.id)];
    const base = Date.now();
    const mine = [
      await createOffer(app, p1, me.user.id, 'pending', '1100.00', { createdAt: new Date(base - 3000) }),
      await createOffer(app, p2, me.user.id, 'accepted', '1200.00', { createdAt: new Date(base - 1000) }),
      await createOffer(app, p3, me.user.id, 'rejected', '1300.00', { createdAt: new Date(base - 2000) }),
    ];
    const theirs = await createOffer(app, p1, someoneElse.user.id, 'pending', '1400.00', { createdAt: new Date(base) });

    const myOffers = await app.graphql(operations.MyOffers, {}, me.idToken);
    expect(dataOf(myOffers).myOffers.nodes).toEqual([
      { id: mine[1].id, status: 'accepted', offerAmount: '1200.00', property: { id: p2.id } },
      { id: mine[2].id, status: 'rejected', offerAmount: '1300.00', property: { id: p3.id } },
      { id: mine[0].id, status: 'pending', offerAmount: '1100.00', property: { id: p1.id } },
    ]);

    const received = await app.graphql(operations.OffersOnMyProperties, {}, seller.idToken);
    expect(dataOf(received).offersOnMyProperties.nodes.map((o) => o.id)).toEqual([theirs.id, mine[2].id, mine[0].id]);
    expect(dataOf(received).offersOnMyProperties.nodes[0]).toEqual({ id: theirs.id, status: 'pending', offerAmount: '1400.00', property: { id: p1.id }, buyer: { id: someoneElse.user.id } });
    expect(dataOf(await app.graphql(operations.OffersOnMyProperties, {}, rival.idToken)).offersOnMyProperties.nodes.map((o) => o.id)).toEqual([mine[1].id]);

    expect(errorOf(await app.graphql(operations.MyOffers, {}, seller.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.OffersOnMyProperties, {}, me.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.OffersOnMyProperties, {}, admin.idToken))?.extensions?.code).toBe('FORBIDDEN');
  });

  it('sums only bought offers on the agent’s properties, exactly, with two decimals', async () => {
    const seller = await app.createUser('agent');
    const bigSeller = await app.createUser('agent');
    const idle = await app.createUser('agent');
    const tx = () => `pi_${randomBytes(8).toString('hex')}`;
    const range = { priceMin: '0.01', priceMax: '999999999999.99' };
    const tenCents = await createOffer(app, await seed(seller.user.id, range), buyer.user.id, 'bought', '0.10', { transactionId: tx(), createdAt: new Date(Date.now() - 1000) });
    const twentyCents = await createOffer(app, await seed(seller.user.id, range), otherBuyer.user.id, 'bought', '0.20', { transactionId: tx() });
    // Not sales: accepted, pending, rejected offers, and another agent's bought one.
    await createOffer(app, await seed(seller.user.id, range), buyer.user.id, 'accepted', '5.00');
    await createOffer(app, await seed(seller.user.id, range), buyer.user.id, 'pending', '7.00');
    await createOffer(app, await seed(seller.user.id, range), buyer.user.id, 'rejected', '9.00');
    const huge = await createOffer(app, await seed(bigSeller.user.id, range), buyer.user.id, 'bought', '999999999999.99', { transactionId: tx() });
    const cent = await createOffer(app, await seed(bigSeller.user.id, range), otherBuyer.user.id, 'bought', '0.01', { transactionId: tx() });

    const sales = await app.graphql(operations.MySales, {}, seller.idToken);
    expect(sales.errors).toBeUndefined();
    expect(dataOf(sales).mySales.total).toBe('0.30');
    expect(dataOf(sales).mySales.offers.map((o) => o.id)).toEqual([twentyCents.id, tenCents.id]);
    expect(dataOf(sales).mySales.offers[1]).toEqual({ id: tenCents.id, offerAmount: '0.10', status: 'bought', transactionId: tenCents.transactionId, property: { id: tenCents.propertyId } });

    const bigSales = await app.graphql(operations.MySales, {}, bigSeller.idToken);
    expect(dataOf(bigSales).mySales.total).toBe('1000000000000.00');
    expect(dataOf(bigSales).mySales.offers.map((o) => o.id).sort()).toEqual([huge.id, cent.id].sort());

    expect(dataOf(await app.graphql(operations.MySales, {}, idle.idToken)).mySales).toEqual({ total: '0.00', offers: [] });
    for (const account of [buyer, admin, fraud]) expect(errorOf(await app.graphql(operations.MySales, {}, account.idToken))?.extensions?.code).toBe('FORBIDDEN');

    // REST: the same list, and the exact total in X-Total-Sold.
    const response = await fetch(`${app.url}/api/sold-properties/${encodeURIComponent(bigSeller.email)}`, { headers: { authorization: `Bearer ${bigSeller.idToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-sold')).toBe('1000000000000.00');
    const sold = (await response.json()) as Json[];
    expect(sold.map((o) => o._id).sort()).toEqual([huge.id, cent.id].sort());
    expect(sold.find((o) => o._id === huge.id)).toMatchObject({ status: 'bought', offerAmount: 999999999999.99, transactionId: huge.transactionId });

    const small = await fetch(`${app.url}/api/sold-properties/${encodeURIComponent(seller.email)}`, { headers: { authorization: `Bearer ${admin.idToken}` } });
    expect(small.status).toBe(200);
    expect(small.headers.get('x-total-sold')).toBe('0.30');
    expect(((await small.json()) as Json[]).map((o) => o._id)).toEqual([twentyCents.id, tenCents.id]);
    expect((await app.rest('GET', `/api/sold-properties/${encodeURIComponent(seller.email)}`, { token: bigSeller.idToken })).status).toBe(403);
    expect((await app.rest('GET', `/api/sold-properties/${encodeURIComponent(seller.email)}`, { token: buyer.idToken })).status).toBe(403);
    expect((await app.rest('GET', `/api/sold-properties/${encodeURIComponent(seller.email)}`)).status).toBe(401);
  });
});

describe('REST routes', () => {
  const SPEC_FIELDS = ['_id', 'propertyId', 'propertyTitle', 'propertyLocation', 'propertyImage', 'agentName', 'agentEmail', 'buyerName', 'buyerEmail', 'offerAmount', 'buyingDate', 'status'];

  it('POST /api/offers makes an offer as the caller only and answers offerId with the spec’s offer fields', async () => {
    const property = await seed(agent.user.id, { location: 'Gulshan 2, Dhaka' });
    const body = {
      propertyId: property.id,
      propertyTitle: 'Forged title',
      propertyLocation: 'Forged',
      propertyImage: 'https://evil.example.test/x.jpg',
      agentName: 'Mallory',
      agentEmail: otherAgent.email,
      buyerName: 'Someone',
      buyerEmail: buyer.email,
      offerAmount: 1500.5,
      buyingDate: `${FUTURE}T00:00:00.000Z`,
    };
    const asOther = await app.rest('POST', '/api/offers', { token: buyer.idToken, body: { ...body, buyerEmail: otherBuyer.email } });
    expect(asOther).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'You can only make offers as yourself.' } });
    expect(await app.db.offer.count({ where: { propertyId: property.id } })).toBe(0);
    expect((await app.rest('POST', '/api/offers', { token: agent.idToken, body: { ...body, buyerEmail: agent.email } })).status).toBe(403);
    expect((await app.rest('POST', '/api/offers', { body })).status).toBe(401);

    const made = await app.rest('POST', '/api/offers', { token: buyer.idToken, body });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      offerId: made.body._id,
      insertedId: made.body._id,
      _id: expect.any(String),
      propertyId: property.id,
      propertyTitle: property.title,
      propertyLocation: 'Gulshan 2, Dhaka',
      propertyImage: property.image,
      agentName: 'Avery Agent',
      agentEmail: agent.email,
      buyerName: 'Bea Buyer',
      buyerEmail: buyer.email,
      offerAmount: 1500.5,
      buyingDate: FUTURE,
      status: 'pending',
      createdAt: expect.any(String),
    });
    const row = await app.db.offer.findUniqueOrThrow({ where: { id: made.body.offerId } });
    expect(row).toMatchObject({ buyerId: buyer.user.id, agentId: agent.user.id, status: 'pending' });
    expect(row.amount.toFixed(2)).toBe('1500.50');

    expect(await app.rest('POST', '/api/offers', { token: buyer.idToken, body })).toEqual({ status: 409, body: { code: 'CONFLICT', message: OPEN_OFFER } });
    expect((await app.rest('POST', '/api/offers', { token: buyer.idToken, body: { ...body, buyingDate: '2001-01-01' } })).body).toMatchObject({ fieldErrors: { buyingDate: PAST_DATE } });
  });

  it('GET /api/offers/agent/:email and /api/offers/user?email=: one’s own, 403 for someone else’s, admins see anyone’s', async () => {
    const [me, seller] = [await app.createUser('user', { name: 'Una User' }), await app.createUser('agent', { name: 'Sam Seller' })];
    const property = await seed(seller.user.id);
    const offer = await makeOk(me, property.id, '1999.99');
    const foreign = await createOffer(app, await seed(otherAgent.user.id), otherBuyer.user.id);

    const expected = {
      _id: offer.id,
      propertyId: property.id,
      propertyTitle: property.title,
      propertyLocation: property.location,
      propertyImage: property.image,
      agentName: 'Sam Seller',
      agentEmail: seller.email,
      buyerName: 'Una User',
      buyerEmail: me.email,
      offerAmount: 1999.99,
      buyingDate: FUTURE,
      status: 'pending',
      createdAt: offer.createdAt,
    };
    const userPath = `/api/offers/user?email=${encodeURIComponent(me.email)}`;
    const agentPath = `/api/offers/agent/${encodeURIComponent(seller.email)}`;

    const own = await app.rest('GET', userPath, { token: me.idToken });
    expect(own).toEqual({ status: 200, body: [expected] });
    expect(Object.keys(own.body[0])).toEqual(expect.arrayContaining(SPEC_FIELDS));
    expect(typeof own.body[0].offerAmount).toBe('number');
    expect(await app.rest('GET', agentPath, { token: seller.idToken })).toEqual({ status: 200, body: [expected] });
    expect((await app.rest('GET', `/api/offers/user?email=${encodeURIComponent(me.email.toUpperCase())}`, { token: me.idToken })).body).toEqual([expected]);

    for (const account of [buyer, seller, agent]) {
      expect(await app.rest('GET', userPath, { token: account.idToken })).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'You can only see your own offers.' } });
    }
    for (const account of [me, agent]) {
      expect(await app.rest('GET', agentPath, { token: account.idToken })).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'You can only see offers on your own properties.' } });
    }
    expect(await app.rest('GET', userPath, { token: admin.idToken })).toEqual({ status: 200, body: [expected] });
    expect(await app.rest('GET', agentPath, { token: admin.idToken })).toEqual({ status: 200, body: [expected] });
    expect((await app.rest('GET', userPath)).status).toBe(401);
    expect((await app.rest('GET', agentPath)).status).toBe(401);
    expect((await app.rest('GET', '/api/offers/user', { token: me.idToken })).status).toBe(400);
    // Nobody else's offer leaks into either list.
    expect((await app.rest('GET', userPath, { token: me.idToken })).body.map((o: Json) => o._id)).not.toContain(foreign.id);
  });

  it('GET /api/offers/:id for the buyer, the agent and admins; 403 for others', async () => {
    const property = await seed();
    const offer = await makeOk(buyer, property.id, '1500');
    for (const account of [buyer, agent, admin]) {
      const read = await app.rest('GET', `/api/offers/${offer.id}`, { token: account.idToken });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ _id: offer.id, propertyId: property.id, buyerEmail: buyer.email, agentEmail: agent.email, offerAmount: 1500, status: 'pending' });
      expect(Object.keys(read.body)).toEqual(expect.arrayContaining(SPEC_FIELDS));
    }
    for (const account of [otherBuyer, otherAgent]) expect((await app.rest('GET', `/api/offers/${offer.id}`, { token: account.idToken })).status).toBe(403);
    expect((await app.rest('GET', `/api/offers/${offer.id}`)).status).toBe(401);
    expect((await app.rest('GET', `/api/offers/${randomUUID()}`, { token: admin.idToken })).status).toBe(404);
    expect((await app.rest('GET', '/api/offers/nope', { token: admin.idToken })).status).toBe(400);
  });

  it('PUT /api/offers/accept/:id and /reject/:id answer { modifiedCount: 1 }; others are refused', async () => {
    const property = await seed();
    const [a, b, c] = [await makeOk(buyer, property.id, '1500'), await makeOk(otherBuyer, property.id, '1600'), await makeOk((await app.createUser('user')), property.id, '1700')];

    expect((await app.rest('PUT', `/api/offers/reject/${a.id}`, { token: otherAgent.idToken })).status).toBe(403);
    expect((await app.rest('PUT', `/api/offers/accept/${a.id}`, { token: buyer.idToken })).status).toBe(403);
    expect((await app.rest('PUT', `/api/offers/accept/${a.id}`)).status).toBe(401);
    expect(await statusOf(a.id)).toBe('pending');

    expect(await app.rest('PUT', `/api/offers/reject/${a.id}`, { token: agent.idToken })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect(await statusOf(a.id)).toBe('rejected');
    expect(await app.rest('PUT', `/api/offers/reject/${a.id}`, { token: agent.idToken })).toEqual({ status: 409, body: { code: 'CONFLICT', message: ONLY_PENDING } });

    expect(await app.rest('PUT', `/api/offers/accept/${b.id}`, { token: agent.idToken })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect([await statusOf(b.id), await statusOf(c.id)]).toEqual(['accepted', 'rejected']);
    expect(await app.rest('PUT', `/api/offers/accept/${c.id}`, { token: agent.idToken })).toEqual({ status: 409, body: { code: 'CONFLICT', message: ONLY_PENDING } });
  });

  it('PUT /api/offers/mark-paid/:id refuses a transaction id that is not a succeeded payment for that offer, and accepts a real one', async () => {
    const property = await seed(agent.user.id, { priceMin: '100.00', priceMax: '5000.00' });
    const offer = await createOffer(app, property, buyer.user.id, 'accepted', '2500.25');
    const path = `/api/offers/mark-paid/${offer.id}`;
    const unchanged = async () => {
      const row = await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
      expect({ status: row.status, transactionId: row.transactionId }).toEqual({ status: 'accepted', transactionId: null });
    };

    // A payment started for this offer but not paid.
    const started = await app.rest('POST', '/api/create-payment-intent', { token: buyer.idToken, body: { offerId: offer.id, amount: 2500.25 } });
    expect(started.status).toBe(200);
    const notPaid = await app.rest('PUT', path, { token: buyer.idToken, body: { transactionId: started.body.paymentIntentId } });
    expect(notPaid).toEqual({ status: 409, body: { code: 'CONFLICT', message: 'The payment has not succeeded.' } });
    await unchanged();

    // A succeeded payment of another offer.
    const otherOffer = await createOffer(app, await seed(agent.user.id, { priceMin: '100.00', priceMax: '5000.00' }), buyer.user.id, 'accepted', '2500.25');
    const otherPayment = await app.rest('POST', '/api/create-payment-intent', { token: buyer.idToken, body: { offerId: otherOffer.id } });
    expect((await confirmWithCard(app, otherPayment.body.clientSecret, otherPayment.body.paymentIntentId)).body.status).toBe('succeeded');
    const foreignPayment = await app.rest('PUT', path, { token: buyer.idToken, body: { transactionId: otherPayment.body.paymentIntentId } });
    expect(foreignPayment).toEqual({ status: 409, body: { code: 'CONFLICT', message: 'This payment belongs to another offer.' } });
    await unchanged();

    // Made-up ids, someone else's call.
    expect(await app.rest('PUT', path, { token: buyer.idToken, body: { transactionId: 'pi_made_up_123' } })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: 'The payment provider does not know this payment.' },
    });
    expect((await app.rest('PUT', path, { token: buyer.idToken, body: {} })).status).toBe(400);
    expect((await app.rest('PUT', path, { token: agent.idToken, body: { transactionId: started.body.paymentIntentId } })).status).toBe(403);
    expect((await app.rest('PUT', path, { token: otherBuyer.idToken, body: { transactionId: started.body.paymentIntentId } })).status).toBe(403);
    await unchanged();

    // The real payment for this offer: bought, transaction id saved.
    expect((await confirmWithCard(app, started.body.clientSecret, started.body.paymentIntentId)).body.status).toBe('succeeded');
    const paid = await app.rest('PUT', path, { token: buyer.idToken, body: { transactionId: started.body.paymentIntentId } });
    expect(paid).toEqual({ status: 200, body: { modifiedCount: 1 } });
    const row = await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
    expect({ status: row.status, transactionId: row.transactionId }).toEqual({ status: 'bought', transactionId: started.body.paymentIntentId });
    const read = await app.rest('GET', `/api/offers/${offer.id}`, { token: buyer.idToken });
    expect(read.body).toMatchObject({ status: 'bought', transactionId: started.body.paymentIntentId, offerAmount: 2500.25 });

    // The provider's webhook records a payment before the browser's call arrives:
    // the call still succeeds with modifiedCount 1 (legacy clients show an error on 0).
    const deadline = Date.now() + 5000;
    while ((await statusOf(otherOffer.id)) !== 'bought' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await statusOf(otherOffer.id)).toBe('bought');
    expect(await app.rest('PUT', `/api/offers/mark-paid/${otherOffer.id}`, { token: buyer.idToken, body: { transactionId: otherPayment.body.paymentIntentId } })).toEqual({
      status: 200,
      body: { modifiedCount: 1 },
    });
    // A bought offer cannot be marked paid with another payment.
    expect((await app.rest('PUT', `/api/offers/mark-paid/${otherOffer.id}`, { token: buyer.idToken, body: { transactionId: started.body.paymentIntentId } })).status).toBe(409);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: otherOffer.id } })).transactionId).toBe(otherPayment.body.paymentIntentId);
  });
});

describe('no N+1 queries', () => {
  /** A buyer (with an identity account) holding `count` offers on listings of `count` different agents. */
  async function buyerWithOffers(count: number) {
    const holder = await app.createUser('user');
    for (let i = 0; i < count; i += 1) {
      const owner = await createUserRow(app, `lister${i}`, { role: 'agent' });
      await createOffer(app, await seed(owner.id), holder.user.id, 'pending', `${1000 + i}.25`);
    }
    return holder;
  }

  it('sends as many SQL statements for a list of 24 offers as for 2 (GraphQL and REST)', async () => {
    const [few, many] = [await buyerWithOffers(2), await buyerWithOffers(24)];

    const graphqlCount = async (holder: Account, size: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.MyOffersWithPeople, { first: 24 }, holder.idToken));
      expect(result.errors).toBeUndefined();
      expect(dataOf(result).myOffers.nodes).toHaveLength(size);
      return { statements, offers: dataOf(result).myOffers.nodes };
    };
    const small = await graphqlCount(few, 2);
    const large = await graphqlCount(many, 24);
    expect(new Set(large.offers.map((o) => o.agent.id)).size).toBe(24);
    for (const o of large.offers) expect(o.property.agent.id).toBe(o.agent.id);
    console.log(`myOffers SQL statements: 2 offers → ${small.statements.length}, 24 offers → ${large.statements.length}`);
    expect(large.statements).toHaveLength(small.statements.length);

    const restCount = async (holder: Account, size: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() => app.rest('GET', `/api/offers/user?email=${encodeURIComponent(holder.email)}`, { token: holder.idToken }));
      expect(result.status).toBe(200);
      expect(result.body).toHaveLength(size);
      return statements;
    };
    const [restSmall, restLarge] = [await restCount(few, 2), await restCount(many, 24)];
    console.log(`GET /api/offers/user SQL statements: 2 offers → ${restSmall.length}, 24 offers → ${restLarge.length}`);
    expect(restLarge).toHaveLength(restSmall.length);
  });

  it('sends as many SQL statements for an agent’s 24 received offers as for 2', async () => {
    const [fewAgent, manyAgent] = [await app.createUser('agent'), await app.createUser('agent')];
    for (const [owner, count] of [[fewAgent, 2], [manyAgent, 24]] as const) {
      const property = await seed(owner.user.id);
      for (let i = 0; i < count; i += 1) await createOffer(app, property, (await createUserRow(app, `bidder${i}`)).id, 'pending', `${1000 + i}.75`);
    }
    const count = async (owner: Account, size: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() =>
        app.graphql(operations.OffersOnMyPropertiesWithBuyers, { first: 24 }, owner.idToken),
      );
      expect(result.errors).toBeUndefined();
      expect(dataOf(result).offersOnMyProperties.nodes).toHaveLength(size);
      const rest = await app.sqlStatementsDuring(() => app.rest('GET', `/api/offers/agent/${encodeURIComponent(owner.email)}`, { token: owner.idToken }));
      expect(rest.result.body).toHaveLength(size);
      return [statements.length, rest.statements.length];
    };
    expect(await count(manyAgent, 24)).toEqual(await count(fewAgent, 2));
  });
});
