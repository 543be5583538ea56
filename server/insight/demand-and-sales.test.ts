// Live demand for a listing and the verified record of a sale, through the real
// app and PostgreSQL: the demand curve against a brute-force count (one saved
// search at a time, by the same matching rule) at every point, the threshold of
// 3 at every count, attempts to re-identify a buyer through repeated queries and
// narrow filters, who may ask, bad steps and ranges; the sale record against the
// rows it comes from, and the agent withholding one sale's amount.
import { createListing, createOffer, createUserRow, createWishlistItem, errorOf, okData, startAppWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';
import { matchingCountsAtPrices, savedSearchMatches } from '../saved-searches/matching';
import { MIN_SHOWN_COUNT, shownCount } from './insight.service';
import { Prisma } from '../generated/prisma/client';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, admin } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'admin'])));
afterAll(() => app?.close());

type Filter = { priceMin?: string; priceMax?: string; minBedrooms?: number; types?: string[] };

/** A saved search of a new buyer row, arranged directly: `term` is its location text, `filter` its filters. */
async function savedSearch(term: string, filter: Filter = {}, frequency: 'instant' | 'daily' | 'weekly' | 'off' = 'instant') {
  const owner = await createUserRow(app, 'searcher');
  return app.db.savedSearch.create({
    data: { userId: owner.id, name: unique('Search'), criteria: { version: 2, search: term, sort: 'NEWEST', filter }, locationTerm: term.trim().toLowerCase(), frequency },
  });
}

const demandOf = async (propertyId: string, account: Account = agent, steps: { stepPercent?: number; rangePercent?: number } = {}) =>
  okData(await app.graphql(operations.ListingDemand, { propertyId, ...steps }, account.idToken)).listingDemand;

/** The brute-force count: every saved search, one at a time, against the listing priced at min..max. */
async function bruteForceAt(propertyId: string, priceMin: string, priceMax: string): Promise<number> {
  const original = await app.db.property.findUniqueOrThrow({ where: { id: propertyId } });
  await app.db.property.update({ where: { id: propertyId }, data: { priceMin, priceMax } });
  try {
    const searches = await app.db.savedSearch.findMany({ select: { id: true } });
    let matches = 0;
    for (const { id } of searches) if (await savedSearchMatches(app.db, id, propertyId)) matches += 1;
    return matches;
  } finally {
    await app.db.property.update({ where: { id: propertyId }, data: { priceMin: original.priceMin, priceMax: original.priceMax } });
  }
}

describe('live demand for a listing', () => {
  it('the demand curve equals a brute-force count over the same saved searches at every point, counts below 3 hidden', async () => {
    const town = unique('Curveton');
    const property = await createListing(app, agent.user.id, { location: `${town}, Dhaka`, priceMin: '1000.00', priceMax: '2000.00', propertyType: 'house', bedrooms: 3 });
    // Searches whose price bounds fall across the curve's range (the listing costs 1000..2000; the curve scales both ends).
    for (const priceMax of ['700', '760', '800', '850', '850', '900', '950', '1000', '1000', '1049.99', '1100', '1200', '1300', '1400']) await savedSearch(town, { priceMax });
    for (const priceMin of ['1500', '1900', '2000', '2100', '2300', '2500', '2600', '2700']) await savedSearch(town, { priceMin });
    await savedSearch(town, { priceMin: '900', priceMax: '1100', minBedrooms: 3 });
    await savedSearch(town, { minBedrooms: 4 }); // never matches: too few bedrooms
    await savedSearch(town, { types: ['apartment'] }); // never matches: wrong type
    await savedSearch(town, {}, 'off'); // alerts off: not an active search
    await savedSearch(unique('Elsewhere')); // another town
    await savedSearch(town.slice(0, -3)); // part of the town's name, any price: always matches

    const demand = await demandOf(property.id);
    expect(demand.curve.map((point) => point.changePercent)).toEqual([-30, -25, -20, -15, -10, -5, 0, 5, 10, 15, 20, 25, 30]);
    expect(demand.curve.find((point) => point.changePercent === -5)).toMatchObject({ priceMin: '950.00', priceMax: '1900.00' });
    const factors = demand.curve.map((point) => ((100 + point.changePercent) / 100).toFixed(2));
    const raw = await matchingCountsAtPrices(app.db, property.id, factors);
    // The counts come in the factors' order, whatever it is; none for a listing that is gone.
    expect(await matchingCountsAtPrices(app.db, property.id, [...factors].reverse())).toEqual([...raw].reverse());
    expect(await matchingCountsAtPrices(app.db, '00000000-0000-4000-8000-000000000000', factors)).toEqual([]);
    for (const [index, point] of demand.curve.entries()) {
      const brute = await bruteForceAt(property.id, point.priceMin, point.priceMax);
      expect({ change: point.changePercent, count: raw[index] }).toEqual({ change: point.changePercent, count: brute });
      expect(point.matchingSearches).toEqual(shownCount(brute));
    }
    expect(demand.matchingSearches).toEqual(demand.curve.find((point) => point.changePercent === 0)?.matchingSearches);
    // The fixture spans the curve: lower prices match more of the capped searches, higher ones more of the floored.
    expect(new Set(raw).size).toBeGreaterThan(5);
  });

  it('lowering the price by 5 % makes the curve’s prediction come true', async () => {
    const town = unique('Predictville');
    const property = await createListing(app, agent.user.id, { location: `${town}, Dhaka`, priceMin: '1000.00', priceMax: '2000.00' });
    for (const priceMax of ['960', '970', '1000', '1000', '1000']) await savedSearch(town, { priceMax });
    const before = await demandOf(property.id);
    const predicted = before.curve.find((point) => point.changePercent === -5);
    expect(before.matchingSearches).toEqual({ count: 3, fewerThan: null });
    expect(predicted?.matchingSearches).toEqual({ count: 5, fewerThan: null });
    okData(await app.graphql(operations.UpdateProperty, { id: property.id, input: { title: property.title, location: property.location, priceMin: predicted!.priceMin, priceMax: predicted!.priceMax } }, agent.idToken));
    expect((await demandOf(property.id)).matchingSearches).toEqual(predicted?.matchingSearches);
  });

  it('counts buyers who wishlisted it, hidden below 3', async () => {
    const property = await createListing(app, agent.user.id, { location: `${unique('Wishtown')}, Dhaka` });
    const counts: Array<{ count: number | null; fewerThan: number | null }> = [];
    for (let n = 0; n < 4; n += 1) {
      counts.push((await demandOf(property.id)).wishlisted);
      await createWishlistItem(app, property.id, (await createUserRow(app, 'wisher')).id);
    }
    expect(counts).toEqual([
      { count: null, fewerThan: MIN_SHOWN_COUNT },
      { count: null, fewerThan: MIN_SHOWN_COUNT },
      { count: null, fewerThan: MIN_SHOWN_COUNT },
      { count: 3, fewerThan: null },
    ]);
  });

  it('for its agent and admins only; absurd steps and ranges are bad input', async () => {
    const property = await createListing(app, agent.user.id);
    expect((await demandOf(property.id, admin)).property.id).toBe(property.id);
    expect(errorOf(await app.graphql(operations.ListingDemand, { propertyId: property.id }, otherAgent.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.ListingDemand, { propertyId: property.id }, buyer.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.ListingDemand, { propertyId: property.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await app.graphql(operations.ListingDemand, { propertyId: crypto.randomUUID() }, agent.idToken))?.extensions?.code).toBe('NOT_FOUND');
    for (const steps of [{ stepPercent: 0 }, { stepPercent: -5 }, { stepPercent: 26 }, { rangePercent: 51 }, { rangePercent: -30 }, { stepPercent: 10, rangePercent: 5 }, { stepPercent: 1, rangePercent: 50 }, { stepPercent: 2147483647 }]) {
      const error = errorOf(await app.graphql(operations.ListingDemand, { propertyId: property.id, ...steps }, agent.idToken));
      expect({ steps, code: error?.extensions?.code }).toEqual({ steps, code: 'BAD_USER_INPUT' });
    }
    // A smaller step and range are fine.
    expect((await demandOf(property.id, agent, { stepPercent: 2, rangePercent: 10 })).curve.map((point) => point.changePercent)).toEqual([-10, -8, -6, -4, -2, 0, 2, 4, 6, 8, 10]);
  });
});

describe('privacy: no buyer can be re-identified', () => {
  it('a listing narrowed to one buyer’s unusual search shows "fewer than 3" everywhere, at any step', async () => {
    const town = unique('Hamlet');
    // One buyer searches this hamlet with an unusual budget; two others search it too, at other budgets.
    await savedSearch(town, { priceMin: '4321', priceMax: '4400' });
    await savedSearch(town, { priceMax: '500' });
    await savedSearch(town, { priceMin: '9000' });
    const property = await createListing(app, agent.user.id, { location: `${town}, Dhaka`, priceMin: '4330.00', priceMax: '4390.00' });
    for (const steps of [{}, { stepPercent: 1, rangePercent: 1 }, { stepPercent: 1, rangePercent: 30 }, { stepPercent: 25, rangePercent: 50 }]) {
      const demand = await demandOf(property.id, agent, steps);
      for (const count of [demand.matchingSearches, ...demand.curve.map((point) => point.matchingSearches)]) expect(count).toEqual({ count: null, fewerThan: 3 });
    }
  });

  it('repeated queries give the same answer and never name, id or contact a buyer', async () => {
    const town = unique('Quietown');
    const searches = await Promise.all([0, 1, 2, 3].map(() => savedSearch(town)));
    const owners = await app.db.user.findMany({ where: { id: { in: searches.map((search) => search.userId) } } });
    const property = await createListing(app, agent.user.id, { location: `${town}, Dhaka` });
    await createWishlistItem(app, property.id, owners[0].id);
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push(await app.graphql(operations.ListingDemand, { propertyId: property.id }, agent.idToken));
    const text = JSON.stringify(answers);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    for (const owner of owners) for (const secret of [owner.id, owner.email, owner.name]) expect(text).not.toContain(secret);
    for (const search of searches) expect(text).not.toContain(search.id);
    // Four searches: shown; one wishlister: hidden.
    expect(okData(answers[0]).listingDemand).toMatchObject({ matchingSearches: { count: 4 }, wishlisted: { count: null, fewerThan: 3 } });
  });

  it('the threshold is the service’s: every count below 3 is null before it leaves the server', () => {
    expect([0, 1, 2, 3, 4].map(shownCount)).toEqual([
      { count: null, fewerThan: 3 },
      { count: null, fewerThan: 3 },
      { count: null, fewerThan: 3 },
      { count: 3, fewerThan: null },
      { count: 4, fewerThan: null },
    ]);
  });
});

describe('the verified record of a sale', () => {
  const DAY = 86_400_000;

  /** A sold listing, listed 30 days ago, its offer accepted 12 days after, then its price changed; four offers, one bought with a confirmed payment. */
  async function soldListing({ confirmed = true }: { confirmed?: boolean } = {}) {
    const listedAt = new Date(Date.now() - 30 * DAY);
    const property = await createListing(app, agent.user.id, { createdAt: listedAt, priceMin: '1200.00', priceMax: '2200.00', saleState: 'sold' });
    const buyers = await Promise.all([0, 1, 2, 3].map(() => createUserRow(app, 'bidder')));
    await createOffer(app, property, buyers[0].id, 'rejected', '1100.00');
    await createOffer(app, property, buyers[1].id, 'rejected', '1300.00');
    await createOffer(app, property, buyers[2].id, 'rejected', '1400.00');
    const bought = await createOffer(app, property, buyers[3].id, 'bought', '1650.00', confirmed ? {} : { transactionId: undefined });
    if (!confirmed) await app.db.offer.update({ where: { id: bought.id }, data: { transactionId: null } });
    await app.db.listingEvent.create({ data: { propertyId: property.id, kind: 'offer_accepted', createdAt: new Date(listedAt.getTime() + 12 * DAY + 3_600_000) } });
    // A price change after the acceptance: the record compares with the asking range as it was (1000..2000).
    await app.db.listingEvent.create({
      data: { propertyId: property.id, kind: 'price_changed', createdAt: new Date(listedAt.getTime() + 20 * DAY), data: { before: { priceMin: '1000.00', priceMax: '2000.00' }, after: { priceMin: '1200.00', priceMax: '2200.00' } } },
    });
    return property;
  }

  it('gives days to the accepted offer, the number of offers and the sold amount against the asking midpoint, from the rows', async () => {
    const property = await soldListing();
    expect(okData(await app.graphql(operations.SaleRecord, { propertyId: property.id }, buyer.idToken)).saleRecord).toEqual({
      propertyId: property.id,
      daysToAcceptedOffer: 12,
      offers: 4,
      amountWithheld: false,
      soldAmount: '1650.00',
      askingMin: '1000.00',
      askingMax: '2000.00',
      // 1650 / ((1000 + 2000) / 2) = 110 %
      percentOfAskingMidpoint: 110,
    });
  });

  it('has no record without a payment confirmed by the provider, nor for a listing not sold', async () => {
    const unconfirmed = await soldListing({ confirmed: false });
    expect(okData(await app.graphql(operations.SaleRecord, { propertyId: unconfirmed.id }, buyer.idToken)).saleRecord).toBeNull();
    const available = await createListing(app, agent.user.id);
    expect(okData(await app.graphql(operations.SaleRecord, { propertyId: available.id }, buyer.idToken)).saleRecord).toBeNull();
    expect(errorOf(await app.graphql(operations.SaleRecord, { propertyId: crypto.randomUUID() }, buyer.idToken))?.extensions?.code).toBe('NOT_FOUND');
  });

  it('the seller’s agent withholds (and shows again) the amount of one sale; nobody else can', async () => {
    const property = await soldListing();
    const other = await soldListing();
    expect(okData(await app.graphql(operations.WithholdSaleAmount, { propertyId: property.id, withheld: true }, agent.idToken)).withholdSaleAmount).toEqual({
      propertyId: property.id,
      amountWithheld: true,
      soldAmount: null,
      percentOfAskingMidpoint: null,
    });
    expect(okData(await app.graphql(operations.SaleRecord, { propertyId: property.id }, buyer.idToken)).saleRecord).toMatchObject({ amountWithheld: true, soldAmount: null, offers: 4, daysToAcceptedOffer: 12 });
    expect(okData(await app.graphql(operations.SaleRecord, { propertyId: other.id }, buyer.idToken)).saleRecord).toMatchObject({ amountWithheld: false, soldAmount: '1650.00' });
    expect(errorOf(await app.graphql(operations.WithholdSaleAmount, { propertyId: property.id, withheld: false }, otherAgent.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.WithholdSaleAmount, { propertyId: property.id, withheld: false }, buyer.idToken))?.extensions?.code).toBe('FORBIDDEN');
    const available = await createListing(app, agent.user.id);
    expect(errorOf(await app.graphql(operations.WithholdSaleAmount, { propertyId: available.id, withheld: true }, agent.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    // A confirmed payment without an accepted offer on the history is no sale record: refused, and its offer left as it was (found by generated inputs).
    const unrecorded = await createListing(app, agent.user.id, { saleState: 'sold' });
    const paid = await createOffer(app, unrecorded, buyer.user.id, 'bought', '1500.00');
    expect(errorOf(await app.graphql(operations.WithholdSaleAmount, { propertyId: unrecorded.id, withheld: true }, agent.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: paid.id } })).amountWithheld).toBe(false);
    expect(okData(await app.graphql(operations.WithholdSaleAmount, { propertyId: property.id, withheld: false }, agent.idToken)).withholdSaleAmount).toMatchObject({ soldAmount: '1650.00', percentOfAskingMidpoint: 110 });
  });
});

describe('the per-area price per square metre', () => {
  const DAY = 86_400_000;

  /** A sale in `area` (Dhaka): floor area in m², amount, sold this many days ago; confirmed unless told otherwise. */
  async function saleIn(area: string, { sqm, amount, soldDaysAgo = 30, confirmed = true, withheld = false }: { sqm: string; amount: string; soldDaysAgo?: number; confirmed?: boolean; withheld?: boolean }) {
    const property = await createListing(app, agent.user.id, { area, city: 'Dhaka', countryCode: 'BD', floorAreaSqm: new Prisma.Decimal(sqm), floorArea: Math.round(Number(sqm)), areaUnit: 'sq_m', saleState: 'sold' });
    const offer = await createOffer(app, property, (await createUserRow(app, 'area-buyer')).id, 'bought', amount);
    await app.db.offer.update({ where: { id: offer.id }, data: { amountWithheld: withheld, ...(confirmed ? {} : { transactionId: null }) } });
    await app.db.listingEvent.create({ data: { propertyId: property.id, kind: 'sold', createdAt: new Date(Date.now() - soldDaysAgo * DAY) } });
    return property;
  }
  const pricesOf = async (propertyId: string) => okData(await app.graphql(operations.AreaSalePrices, { propertyId }, buyer.idToken)).areaSalePrices;

  it('gives the median sold price per m² of the area’s confirmed sales in the last 12 months; "not enough sales" below 3', async () => {
    const area = unique('Sqmpur');
    const first = await saleIn(area, { sqm: '100.00', amount: '200000.00' }); // 2,000 / m²
    await saleIn(area, { sqm: '80.00', amount: '200000.00' }); // 2,500 / m²
    // Not counted: sold 13 months ago, payment not confirmed, amount withheld, another area.
    await saleIn(area, { sqm: '10.00', amount: '200000.00', soldDaysAgo: 400 });
    await saleIn(area, { sqm: '10.00', amount: '200000.00', confirmed: false });
    await saleIn(area, { sqm: '10.00', amount: '200000.00', withheld: true });
    await saleIn(unique('Elsewhere'), { sqm: '10.00', amount: '200000.00' });
    expect(await pricesOf(first.id)).toEqual({ area, city: 'Dhaka', sales: 2, enough: false, medianPricePerSqm: null });
    await saleIn(area, { sqm: '50.00', amount: '150000.00' }); // 3,000 / m²
    await saleIn(area, { sqm: '120.00', amount: '150000.00' }); // 1,250 / m²
    // Four sales: 1,250, 2,000, 2,500, 3,000: the lower middle is 2,000.
    expect(await pricesOf(first.id)).toEqual({ area, city: 'Dhaka', sales: 4, enough: true, medianPricePerSqm: '2000.00' });
    // Any listing of the area shows the same summary; one without an area has none.
    const listed = await createListing(app, agent.user.id, { area, city: 'Dhaka', countryCode: 'BD' });
    expect((await pricesOf(listed.id)).medianPricePerSqm).toBe('2000.00');
    const unplaced = await createListing(app, agent.user.id, { location: 'Nowhere' });
    expect(await pricesOf(unplaced.id)).toMatchObject({ area: null, enough: false, medianPricePerSqm: null });
  });
});
