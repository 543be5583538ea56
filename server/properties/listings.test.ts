// Issue 11 through the real app: a listing's sale state (under offer, sold)
// kept with its offers and what it hides; structured facts and their rules per
// type; the All Properties filters alone, combined and at their bounds; the
// capped match count; saved searches keeping and matching the filters.
import { Prisma } from '../generated/prisma/client';
import type { AddPropertyInput, PropertyFilter } from '../graphql/generated/resolvers-types';
import { createListing, createWishlistItem, dataOf, errorOf, FUTURE, okData, startAppWithCast, unique, type Account, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { confirmWithCard } from '../test/payments';
import type { TestApp } from '../test/test-app';
import { MATCH_COUNT_CAP, validPropertyFilter } from './properties.service';
import { listingPageSql, readListingRows } from './verified-listings-sql';
import { createLocationTextShare } from './location-text-share';
import { waitFor } from '../test/mailbox';

let app: TestApp;
let agent: Account, buyer: Account, otherBuyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, otherBuyer, admin } } = await startAppWithCast(['agent', 'buyer', 'otherBuyer', 'admin'])));
afterAll(() => app?.close());

const sqm = (value: string) => new Prisma.Decimal(value);
const seed = (data: ListingData = {}) => createListing(app, agent.user.id, { title: unique('Listing'), ...data });

async function listed(variables: operations.FilteredPropertiesQueryVariables, account: Account = buyer) {
  const data = okData(await app.graphql(operations.FilteredProperties, { first: 48, ...variables }, account.idToken));
  return { ids: data.verifiedProperties.nodes.map((node) => node.id), count: data.verifiedPropertyCount, page: data.verifiedProperties };
}

describe('sale state', () => {
  it('is under offer once an offer is accepted and sold once it is paid; sold listings leave the lists unless asked for', async () => {
    const tag = unique('Saleville');
    const property = await seed({ location: `${tag}, Dhaka`, isAdvertised: true, priceMin: '1000.00', priceMax: '2000.00' });
    const state = async () => okData(await app.graphql(operations.ListingState, { id: property.id }, otherBuyer.idToken)).property.saleState;
    const advertised = async () => okData(await app.graphql(operations.AdvertisedListingStates, {})).advertisedProperties.find((p) => p.id === property.id)?.saleState;
    expect(await state()).toBe('available');

    const offer = dataOf(await app.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE } }, buyer.idToken)).makeOffer;
    expect(await state()).toBe('available');
    okData(await app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken));
    expect(await state()).toBe('under_offer');
    // Under offer stays listed (with its state) and advertised.
    expect((await listed({ search: tag })).ids).toEqual([property.id]);
    expect(await advertised()).toBe('under_offer');
    // The spec's status and REST answer are unchanged.
    const rest = await app.rest('GET', `/api/properties/${property.id}`, { token: otherBuyer.idToken });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body as object).sort()).toEqual(['_id', 'agentEmail', 'agentName', 'createdAt', 'description', 'image', 'isAdvertised', 'location', 'priceMax', 'priceMin', 'status', 'title', 'updatedAt'].filter((key) => key !== 'description').sort());
    expect(rest.body).toMatchObject({ status: 'verified' });

    const payment = okData(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).startOfferPayment;
    expect((await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId)).status).toBe(200);
    okData(await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken));
    expect(await state()).toBe('sold');
    expect((await app.db.property.findUniqueOrThrow({ where: { id: property.id } })).status).toBe('verified');

    // Gone from the home page and the default list; the filter shows it; its details page still opens.
    expect(await advertised()).toBeUndefined();
    expect(await listed({ search: tag })).toMatchObject({ ids: [], count: { count: 0, capped: false } });
    expect(await listed({ search: tag, filter: { includeSold: true } })).toMatchObject({ ids: [property.id], count: { count: 1, capped: false } });
    // A second buyer still cannot offer (the rule as before).
    await createWishlistItem(app, property.id, otherBuyer.user.id);
    const late = await app.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE } }, otherBuyer.idToken);
    expect(errorOf(late)).toMatchObject({ message: 'This property already has an accepted offer.', extensions: { code: 'CONFLICT' } });
  });

  it('is written in the offer’s own transaction: a refused accept leaves the listing available', async () => {
    const property = await seed();
    const first = dataOf(await app.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE } }, buyer.idToken)).makeOffer;
    okData(await app.graphql(operations.RejectOffer, { id: first.id }, agent.idToken));
    expect(errorOf(await app.graphql(operations.AcceptOffer, { id: first.id }, agent.idToken))?.extensions?.code).toBe('CONFLICT');
    expect((await app.db.property.findUniqueOrThrow({ where: { id: property.id } })).saleState).toBe('available');
  });
});

const input = (overrides: Partial<AddPropertyInput> = {}): AddPropertyInput => ({
  title: unique('Facts'),
  location: 'Facts Road, Dhaka',
  image: 'https://images.example.test/facts.jpg',
  priceMin: '1000',
  priceMax: '2000',
  ...overrides,
});

describe('facts', () => {
  it('keeps a home’s facts, with the area in the agent’s unit and in square metres for filters', async () => {
    const added = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ propertyType: 'house', bedrooms: 3, bathrooms: 2, floorArea: 1000, areaUnit: 'sq_ft', yearBuilt: 1998 }) }, agent.idToken)).addProperty;
    expect(added).toMatchObject({ propertyType: 'house', bedrooms: 3, bathrooms: 2, floorArea: 1000, areaUnit: 'sq_ft', yearBuilt: 1998 });
    expect((await app.db.property.findUniqueOrThrow({ where: { id: added.id } })).floorAreaSqm?.toFixed(2)).toBe('92.90');
  });

  it('lets a listing have no facts at all (the spec’s form), and an update without facts keeps them', async () => {
    const bare = okData(await app.graphql(operations.AddListingWithFacts, { input: input() }, agent.idToken)).addProperty;
    expect(bare).toMatchObject({ propertyType: null, bedrooms: null, bathrooms: null, floorArea: null, areaUnit: null, yearBuilt: null });
    const withFacts = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ propertyType: 'land', floorArea: 500, areaUnit: 'sq_m' }) }, agent.idToken)).addProperty;
    const { image: _image, ...plain } = input({ title: 'Renamed' });
    const updated = okData(await app.graphql(operations.UpdateListingFacts, { id: withFacts.id, input: plain }, agent.idToken)).updateProperty;
    expect(updated).toMatchObject({ title: 'Renamed', propertyType: 'land', floorArea: 500, areaUnit: 'sq_m' });
    const cleared = okData(await app.graphql(operations.UpdateListingFacts, { id: withFacts.id, input: { ...plain, propertyType: null, floorArea: null, areaUnit: null } }, agent.idToken)).updateProperty;
    expect(cleared).toMatchObject({ propertyType: null, floorArea: null, areaUnit: null });
  });

  it.each([
    ['a house without bedrooms or bathrooms', { propertyType: 'house', floorArea: 90, areaUnit: 'sq_m' }, { bedrooms: 'Number of bedrooms is required', bathrooms: 'Number of bathrooms is required' }],
    ['an apartment without a floor area', { propertyType: 'apartment', bedrooms: 1, bathrooms: 1 }, { floorArea: 'Floor area is required' }],
    ['land with bedrooms and a year built', { propertyType: 'land', bedrooms: 2, floorArea: 900, areaUnit: 'sq_m', yearBuilt: 2000 }, { bedrooms: 'Land has no bedrooms, bathrooms or year built', yearBuilt: 'Land has no bedrooms, bathrooms or year built' }],
    ['an area without its unit', { propertyType: 'commercial', floorArea: 300 }, { areaUnit: 'Choose the unit of the floor area' }],
    ['facts without a type', { floorArea: 300, areaUnit: 'sq_m' }, { floorArea: 'Choose a property type first' }],
    ['negative and fractional counts', { propertyType: 'townhouse', bedrooms: -1, bathrooms: 51, floorArea: 0, areaUnit: 'sq_m' }, { bedrooms: 'Bedrooms must be at least 0', bathrooms: 'Bathrooms must be at most 50', floorArea: 'Floor area must be at least 1' }],
    ['a year built too early', { propertyType: 'house', bedrooms: 2, bathrooms: 1, floorArea: 80, areaUnit: 'sq_m', yearBuilt: 1599 }, { yearBuilt: 'Year built must be at least 1600' }],
  ] as const)('refuses %s with a message per field, storing nothing', async (_case, facts, fieldErrors) => {
    const before = await app.db.property.count();
    const result = await app.graphql(operations.AddListingWithFacts, { input: input(facts as Partial<AddPropertyInput>) }, agent.idToken);
    expect(errorOf(result)?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors });
    expect(await app.db.property.count()).toBe(before);
  });
});

describe('filters, sort and count', () => {
  const tag = unique('Filterton');
  const rows: Record<string, string> = {};
  beforeAll(async () => {
    const spec: Array<[string, ListingData]> = [
      ['cheapHouse', { priceMin: '100.00', priceMax: '200.00', propertyType: 'house', bedrooms: 2, bathrooms: 1, floorArea: 80, areaUnit: 'sq_m', floorAreaSqm: sqm('80') }],
      ['midHouse', { priceMin: '300.00', priceMax: '500.00', propertyType: 'house', bedrooms: 3, bathrooms: 2, floorArea: 1500, areaUnit: 'sq_ft', floorAreaSqm: sqm('139.35') }],
      ['flat', { priceMin: '250.00', priceMax: '260.00', propertyType: 'apartment', bedrooms: 1, bathrooms: 1, floorArea: 50, areaUnit: 'sq_m', floorAreaSqm: sqm('50') }],
      ['townhouse', { priceMin: '600.00', priceMax: '900.00', propertyType: 'townhouse', bedrooms: 4, bathrooms: 3, floorArea: 200, areaUnit: 'sq_m', floorAreaSqm: sqm('200') }],
      ['land', { priceMin: '150.00', priceMax: '400.00', propertyType: 'land', floorArea: 1000, areaUnit: 'sq_m', floorAreaSqm: sqm('1000') }],
      ['noFacts', { priceMin: '200.00', priceMax: '300.00' }],
      ['soldHouse', { priceMin: '300.00', priceMax: '500.00', propertyType: 'house', bedrooms: 3, bathrooms: 2, floorArea: 140, areaUnit: 'sq_m', floorAreaSqm: sqm('140'), saleState: 'sold' }],
      ['pendingHouse', { priceMin: '300.00', priceMax: '500.00', propertyType: 'house', bedrooms: 3, bathrooms: 2, status: 'pending' }],
    ];
    let second = 0;
    for (const [name, data] of spec) rows[name] = (await seed({ location: `${tag}, Dhaka`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, (second += 1))), ...data })).id;
  });

  const only = async (filter: PropertyFilter, sort: operations.FilteredPropertiesQueryVariables['sort'] = 'PRICE_ASC') => {
    const result = await listed({ search: tag, filter, sort });
    // The count always agrees with the list.
    expect(result.count).toEqual({ count: result.ids.length, capped: false });
    return result.ids.map((id) => Object.keys(rows).find((name) => rows[name] === id));
  };

  it('matches a price range when the listing’s range overlaps it, bounds inclusive', async () => {
    expect(await only({ priceMin: '200', priceMax: '250' })).toEqual(['cheapHouse', 'land', 'noFacts', 'flat']);
    expect(await only({ priceMin: '200.01', priceMax: '249.99' })).toEqual(['land', 'noFacts']);
    expect(await only({ priceMin: '900' })).toEqual(['townhouse']);
    expect(await only({ priceMax: '100' })).toEqual(['cheapHouse']);
    expect(await only({ priceMax: '99.99' })).toEqual([]);
  });

  it('filters by several types, minimum bedrooms and bathrooms (listings without the fact never match)', async () => {
    expect(await only({ types: ['house', 'townhouse'] })).toEqual(['cheapHouse', 'midHouse', 'townhouse']);
    expect(await only({ types: ['land'] })).toEqual(['land']);
    expect(await only({ minBedrooms: 3 })).toEqual(['midHouse', 'townhouse']);
    expect(await only({ minBedrooms: 0 })).toEqual(['cheapHouse', 'flat', 'midHouse', 'townhouse']);
    expect(await only({ minBathrooms: 2 })).toEqual(['midHouse', 'townhouse']);
  });

  it('filters by floor area in either unit', async () => {
    expect(await only({ areaMin: 80, areaMax: 200 })).toEqual(['cheapHouse', 'midHouse', 'townhouse']);
    expect(await only({ areaMin: 81, areaUnit: 'sq_m', areaMax: 199 })).toEqual(['midHouse']);
    // 1500 sq ft = 139.35 m²; 538 sq ft ≈ 49.98 m².
    expect(await only({ areaMin: 1500, areaMax: 1500, areaUnit: 'sq_ft' })).toEqual(['midHouse']);
    expect(await only({ areaMax: 538, areaUnit: 'sq_ft' })).toEqual([]);
    expect(await only({ areaMax: 539, areaUnit: 'sq_ft' })).toEqual(['flat']);
  });

  it('combines filters with AND, and includes sold listings only when asked', async () => {
    expect(await only({ priceMin: '300', priceMax: '450', types: ['house'], minBedrooms: 3 })).toEqual(['midHouse']);
    expect(await only({ priceMin: '300', priceMax: '450', types: ['house'], minBedrooms: 3, includeSold: true })).toEqual(['midHouse', 'soldHouse']);
  });

  it('sorts by area (largest first, listings without an area last) across pages', async () => {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const { page } = await listed({ search: tag, sort: 'AREA_DESC', first: 2, after });
      ids.push(...page.nodes.map((node) => node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor! : null;
    } while (after);
    expect(ids).toEqual(['land', 'townhouse', 'midHouse', 'cheapHouse', 'flat', 'noFacts'].map((name) => rows[name]));
  });

  it('refuses wrong filters with the shared messages (no 500)', async () => {
    const wrong = async (filter: PropertyFilter) => errorOf(await app.graphql(operations.FilteredProperties, { filter }, buyer.idToken))?.extensions;
    expect(await wrong({ priceMin: '500', priceMax: '400' })).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { priceMax: 'The highest price must be at least the lowest' } });
    expect(await wrong({ areaMin: 10, areaMax: 5 })).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { areaMax: 'The largest area must be at least the smallest' } });
    expect(await wrong({ minBedrooms: -1 })).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { minBedrooms: 'Bedrooms must be at least 0' } });
    expect(errorOf(await app.graphql(operations.FilteredProperties, { filter: { minBedrooms: 1 } }))?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('pages a minimum price in every sort exactly: ranges that contain the minimum, then those above it, ties by id, no gaps or repeats', async () => {
    // Issue 13: with a minimum price, the price sorts read the ranges that contain
    // the minimum and the ranges starting at or above it as two parts, merged.
    const splitTag = unique('Splitford');
    const spec: Array<[string, string, string]> = [
      ['endsBelow', '100.00', '250.00'],
      ['endsAtMinimum', '200.00', '300.00'],
      ['containsMinimum', '250.00', '400.00'],
      ['startsAtMinimum', '300.00', '350.00'],
      ['startsAtMinimumToo', '300.00', '310.00'],
      ['startsAtMinimumAgain', '300.00', '300.00'],
      ['inside', '500.00', '600.00'],
      ['startsAtMaximum', '700.00', '800.00'],
      ['startsAbove', '700.01', '900.00'],
      ['endsJustBelow', '290.00', '299.99'],
    ];
    const made: Array<{ name: string; id: string; priceMin: string; createdAt: Date }> = [];
    let second = 0;
    for (const [name, priceMin, priceMax] of spec) {
      const createdAt = new Date(Date.UTC(2024, 1, 1, 0, 0, (second += 1)));
      made.push({ name, priceMin, createdAt, id: (await seed({ location: `${splitTag}, Dhaka`, area: 'Old Town', city: splitTag, priceMin, priceMax, createdAt })).id });
    }
    // The same listings found by the location text, by their city and by their area: in a
    // place the ranges that contain the minimum come from the place's covering index. Part of
    // the city's name names no place: the substring fallback, with the range index (and, for
    // the planner to choose, the trigram index) in the part that contains the minimum.
    const [{ cityKey, areaKey }] = await app.db.$queryRaw<Array<{ cityKey: string; areaKey: string }>>`SELECT city_key AS "cityKey", area_key AS "areaKey" FROM properties WHERE id = ${made[0].id}::uuid`;
    const narrowings = [{ search: splitTag }, { search: splitTag.slice(2) }, { place: `city:${cityKey}` }, { place: `area:${areaKey}` }];
    const matching = made.filter(({ name }) => !['endsBelow', 'startsAbove', 'endsJustBelow'].includes(name));
    const byPrice = [...matching].sort((a, b) => Number(a.priceMin) - Number(b.priceMin) || (a.id < b.id ? -1 : 1));
    const expected = {
      PRICE_ASC: byPrice,
      PRICE_DESC: [...byPrice].reverse(),
      NEWEST: [...matching].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
      AREA_DESC: [...matching].sort((a, b) => (a.id < b.id ? 1 : -1)),
    } as const;
    for (const [narrowing, sort] of narrowings.flatMap((n) => (['PRICE_ASC', 'PRICE_DESC', 'NEWEST', 'AREA_DESC'] as const).map((sort) => [n, sort] as const))) {
      const filter = { priceMin: '300', priceMax: '700', ...(narrowing.place ? { place: narrowing.place } : {}) };
      const seen: string[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const { page, count } = await listed({ search: narrowing.search, filter, sort, first: 2, after });
        expect(count).toEqual({ count: matching.length, capped: false });
        seen.push(...page.nodes.map((node) => node.id));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor!;
      }
      expect({ narrowing, sort, names: seen.map((id) => made.find((row) => row.id === id)?.name) }).toEqual({ narrowing, sort, names: expected[sort].map((row) => row.name) });
    }
    // Common text (location-text-share.ts) takes the part that contains the minimum without the
    // text's index: the same rows in the same order, either way, both sorts.
    const filter = await validPropertyFilter({ priceMin: '300', priceMax: '700' });
    for (const sort of ['PRICE_ASC', 'PRICE_DESC'] as const) {
      const rowsWith = async (commonText: boolean) =>
        (await readListingRows(app.db, listingPageSql({ term: splitTag.slice(2), termPlace: null, filter, sort, after: null, limit: 25, commonText }))).map((row) => row.id);
      expect(listingPageSql({ term: splitTag.slice(2), termPlace: null, filter, sort, after: null, limit: 25, commonText: true }).sql).toContain('OFFSET 0');
      expect(await rowsWith(true)).toEqual(await rowsWith(false));
      expect(await rowsWith(true)).toEqual(expected[sort].map((row) => row.id));
    }
    // A forged cursor on the split path is still the client's mistake.
    const forged = Buffer.from(JSON.stringify(['PRICE_ASC', '300.00; DROP TABLE properties', made[0].id])).toString('base64url');
    const result = await app.graphql(operations.FilteredProperties, { search: splitTag, filter: { priceMin: '300', priceMax: '700' }, sort: 'PRICE_ASC', first: 2, after: forged }, buyer.idToken);
    expect(errorOf(result)?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('estimates how common a location text is from PostgreSQL’s statistics of the column, read once while fresh', async () => {
    const text = unique('Sharetown');
    await seed({ location: `${text}, Dhaka` });
    await app.db.$executeRawUnsafe('ANALYZE properties');
    let clock = 0;
    const share = createLocationTextShare(app.db, { maxAgeMs: 1000, now: () => clock });
    // Every location contains the empty text; none contains text no listing has.
    expect(await share('')).toBeCloseTo(1, 5);
    expect(await share(`${text}-nowhere`)).toBe(0);
    // Kept while fresh: no statement; read again once older than maxAgeMs.
    expect((await app.sqlStatementsDuring(() => share('dhaka'))).statements).toEqual([]);
    clock = 1001;
    expect((await app.sqlStatementsDuring(() => share('dhaka'))).statements).toHaveLength(1);
  });

  it('caps the count: at the cap it says "at least", and never scans past it', async () => {
    const capTag = unique('Captown');
    await app.db.property.createMany({
      data: Array.from({ length: MATCH_COUNT_CAP + 5 }, (_, index) => ({ agentId: agent.user.id, title: `Cap ${index}`, location: `${capTag}, Dhaka`, image: '/uploads/x.webp', priceMin: '1.00', priceMax: '2.00', status: 'verified' as const })),
    });
    const { count } = await listed({ search: capTag, first: 1 });
    expect(count).toEqual({ count: MATCH_COUNT_CAP, capped: true });
    await app.db.property.deleteMany({ where: { location: { startsWith: capTag } } });
  });
});

describe('saved searches keep the filters and match with them', () => {
  it('stores the filter in the criteria (version 2) and notifies only for listings that pass it', async () => {
    const tag = unique('Alertham').toLowerCase();
    const saved = okData(
      await app.graphql(operations.SaveFilteredSearch, { input: { name: 'Big cheap houses', frequency: 'instant', search: tag, sort: 'PRICE_ASC', filter: { priceMax: '500', types: ['house'], minBedrooms: 3, minBathrooms: null } } }, buyer.idToken),
    ).saveSearch;
    expect(saved.criteria.filter).toEqual({ priceMin: null, priceMax: '500.00', types: ['house'], minBedrooms: 3, minBathrooms: null, areaMin: null, areaMax: null, areaUnit: null, includeSold: null });
    expect((await app.db.savedSearch.findUniqueOrThrow({ where: { id: saved.id } })).criteria).toEqual({ version: 2, search: tag, sort: 'PRICE_ASC', filter: { priceMax: '500', types: ['house'], minBedrooms: 3 } });

    const make = (facts: ListingData) => seed({ location: `${tag} lane`, status: 'pending', ...facts });
    const fits = await make({ priceMin: '400.00', priceMax: '600.00', propertyType: 'house', bedrooms: 3 });
    const tooDear = await make({ priceMin: '500.01', priceMax: '600.00', propertyType: 'house', bedrooms: 3 });
    const flat = await make({ priceMin: '100.00', priceMax: '200.00', propertyType: 'apartment', bedrooms: 3 });
    const small = await make({ priceMin: '100.00', priceMax: '200.00', propertyType: 'house', bedrooms: 2 });
    for (const listing of [fits, tooDear, flat, small]) okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
    await waitFor(async () => {
      const jobs = await app.eventsAndJobs.jobs.boss.findJobs('saved-search-matching');
      const mine = jobs.filter((job) => [fits, tooDear, flat, small].some((listing) => (job.data as { propertyId: string }).propertyId === listing.id));
      return mine.length === 4 && mine.every((job) => job.state === 'completed') ? mine : undefined;
    }, { what: 'matching of the four listings' });
    const matched = await app.db.savedSearchMatch.findMany({ where: { savedSearchId: saved.id } });
    expect(matched.map((match) => match.propertyId)).toEqual([fits.id]);
  });

  it('refuses a wrong filter like the page does', async () => {
    const result = await app.graphql(operations.SaveFilteredSearch, { input: { name: 'Bad', frequency: 'off', filter: { priceMin: '10', priceMax: '5' } } }, buyer.idToken);
    expect(errorOf(result)?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { priceMax: 'The highest price must be at least the lowest' } });
  });
});

describe('photos', () => {
  const photo = (n: number) => `https://images.example.test/photo-${n}.jpg`;
  const photosOf = async (id: string, account: Account = agent) => okData(await app.graphql(operations.ListingPhotos, { id }, account.idToken)).property;

  it('keeps 1 to 20 photos in order, the first being the cover (image); a new order moves the cover', async () => {
    const added = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ image: photo(9), photos: [photo(1), photo(2), photo(3)] }) }, agent.idToken)).addProperty;
    const shown = await photosOf(added.id);
    expect(shown.image).toBe(photo(1));
    expect(shown.photos.map((p) => p.url)).toEqual([photo(1), photo(2), photo(3)]);
    expect(shown.photos.map((p) => p.alt)).toEqual([1, 2, 3].map((n) => `${added.title}, photo ${n} of 3`));
    // Web addresses have no responsive copies.
    expect(shown.photos[0]).toMatchObject({ thumbnail: photo(1), srcsetWebp: null, srcsetJpeg: null });

    const { image: _image, ...plain } = input({ title: added.title });
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: { ...plain, photos: [photo(3), photo(1)] } }, agent.idToken));
    expect(await photosOf(added.id)).toMatchObject({ image: photo(3), photos: [{ url: photo(3) }, { url: photo(1) }] });
    // An update without photos keeps them; the spec's single image replaces the cover only.
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: plain }, agent.idToken));
    expect((await photosOf(added.id)).photos.map((p) => p.url)).toEqual([photo(3), photo(1)]);
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: { ...plain, image: photo(7) } }, agent.idToken));
    expect(await photosOf(added.id)).toMatchObject({ image: photo(7), photos: [{ url: photo(7) }, { url: photo(1) }] });
  });

  it('a listing from before photos (or from the spec’s form) has its image as its one photo', async () => {
    const old = await seed({ image: photo(5) });
    expect((await photosOf(old.id)).photos.map((p) => p.url)).toEqual([photo(5)]);
    const viaForm = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ image: photo(6) }) }, agent.idToken)).addProperty;
    expect((await photosOf(viaForm.id)).photos.map((p) => p.url)).toEqual([photo(6)]);
  });

  it.each([
    ['no photos', [], { photos: 'Add at least one photo' }],
    ['21 photos', Array.from({ length: 21 }, (_, n) => photo(n)), { photos: 'A listing has at most 20 photos' }],
    ['a photo that is not an image address', [photo(1), 'javascript:alert(1)'], { 'photos[1]': 'Image must be an uploaded image or a web address' }],
  ])('refuses %s', async (_case, photos, fieldErrors) => {
    const result = await app.graphql(operations.AddListingWithFacts, { input: input({ photos }) }, agent.idToken);
    expect(errorOf(result)?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors });
  });

  it('accepts exactly 20', async () => {
    const twenty = Array.from({ length: 20 }, (_, n) => photo(n));
    const added = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ photos: twenty }) }, agent.idToken)).addProperty;
    expect((await photosOf(added.id)).photos).toHaveLength(20);
  });

  const upload = async () => {
    const sharp = (await import('sharp')).default;
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#2b6cb0' } }).png().toBuffer())], { type: 'image/png' }), 'house.png');
    return app.rest('POST', '/api/uploads', { body, token: agent.idToken });
  };

  it('stores an upload in three widths as WebP and JPEG through the storage, served as srcsets', async () => {
    const sharp = (await import('sharp')).default;
    const uploaded = await upload();
    expect(uploaded.status).toBe(201);
    expect(Object.keys(uploaded.body).sort()).toEqual(['height', 'thumbnailUrl', 'url', 'width']);
    const added = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ image: uploaded.body.url, photos: [uploaded.body.url] }) }, agent.idToken)).addProperty;
    const [shown] = (await photosOf(added.id)).photos;
    expect(shown.thumbnail).toBe(uploaded.body.thumbnailUrl);
    const webp = shown.srcsetWebp!.split(', ');
    const jpeg = shown.srcsetJpeg!.split(', ');
    expect(webp.map((entry) => entry.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
    for (const [entry, format] of [...webp.map((e) => [e, 'webp'] as const), ...jpeg.map((e) => [e, 'jpeg'] as const)]) {
      const [url, width] = entry.split(' ');
      const response = await fetch(`${app.url}${url}`);
      expect(response.status).toBe(200);
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format, width: Number(width.replace('w', '')) });
    }
  });

  it('gives cards the cover with the srcsets of its copies, through the lists, named by the title', async () => {
    const tag = unique('Coverton');
    const [first, second] = [await upload(), await upload()];
    const added = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ location: `${tag}, Dhaka`, image: first.body.url, photos: [first.body.url, second.body.url] }) }, agent.idToken)).addProperty;
    const { photos, cover } = await photosOf(added.id);
    // The cover is the first photo, described by the title alone (a card shows one photo).
    expect(cover).toEqual({ ...photos[0], alt: added.title });
    expect(cover.thumbnail).toBe(first.body.thumbnailUrl);
    expect(cover.srcsetWebp!.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
    expect(cover.srcsetJpeg).toBe(cover.srcsetWebp!.replaceAll('.webp ', '.jpg '));

    okData(await app.graphql(operations.VerifyProperty, { id: added.id }, admin.idToken));
    okData(await app.graphql(operations.AdvertiseListing, { id: added.id }, admin.idToken));
    const lists = okData(await app.graphql(operations.CardCovers, { search: tag }, buyer.idToken));
    expect(lists.verifiedProperties.nodes).toEqual([{ id: added.id, cover }]);
    expect(lists.advertisedProperties.find((listing) => listing.id === added.id)).toEqual({ id: added.id, cover });

    // A new order moves the cover (and its copies) with it.
    const { image: _image, ...plain } = input({ title: added.title, location: `${tag}, Dhaka` });
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: { ...plain, photos: [second.body.url, first.body.url] } }, agent.idToken));
    const reordered = await photosOf(added.id);
    expect(reordered.cover).toEqual({ ...reordered.photos[0], alt: added.title });
    expect(reordered.cover.thumbnail).toBe(second.body.thumbnailUrl);
  });

  it('gives a listing from before the copies its image and thumbnail as the cover, without srcsets', async () => {
    const tag = unique('Oldcover');
    const old = await seed({ location: `${tag}, Dhaka`, image: photo(4) });
    const lists = okData(await app.graphql(operations.CardCovers, { search: tag }, buyer.idToken));
    expect(lists.verifiedProperties.nodes).toEqual([{ id: old.id, cover: { url: photo(4), thumbnail: photo(4), srcsetWebp: null, srcsetJpeg: null, alt: old.title } }]);
    // An upload from before the copies (no -r mark) keeps its thumbnail file.
    const legacy = '/uploads/0b6f3c52-8f4e-4b6f-9a57-2a0c1a1b2c3d.jpg';
    const older = await seed({ image: legacy });
    expect((await photosOf(older.id)).cover).toEqual({ url: legacy, thumbnail: '/uploads/0b6f3c52-8f4e-4b6f-9a57-2a0c1a1b2c3d-thumb.jpg', srcsetWebp: null, srcsetJpeg: null, alt: older.title });
  });
});

describe('history', () => {
  const historyOf = async (id: string, account: Account = buyer) => okData(await app.graphql(operations.ListingHistory, { id }, account.idToken)).property;

  it('records each change once, in order, in the change’s transaction', async () => {
    const added = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ priceMin: '1000', priceMax: '2000' }) }, agent.idToken)).addProperty;
    okData(await app.graphql(operations.VerifyProperty, { id: added.id }, admin.idToken));
    okData(await app.graphql(operations.AdvertiseListing, { id: added.id }, admin.idToken));
    const { image: _image, ...plain } = input({ title: added.title, priceMin: '1000', priceMax: '2000' });
    // Saving without a change records nothing.
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: plain }, agent.idToken));
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: { ...plain, priceMin: '900', priceMax: '1800.5' } }, agent.idToken));
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: { ...plain, priceMin: '900', priceMax: '1800.5', propertyType: 'commercial', floorArea: 300, areaUnit: 'sq_m' } }, agent.idToken));
    okData(await app.graphql(operations.UpdateListingFacts, { id: added.id, input: { ...plain, priceMin: '900', priceMax: '1800.5', photos: ['https://images.example.test/a.jpg', 'https://images.example.test/b.jpg'] } }, agent.idToken));
    // A refused change (a second verify) records nothing.
    expect(errorOf(await app.graphql(operations.VerifyProperty, { id: added.id }, admin.idToken))?.extensions?.code).toBe('CONFLICT');

    const offer = dataOf(await app.graphql(operations.MakeOffer, { input: { propertyId: added.id, offerAmount: '1000', buyingDate: FUTURE } }, buyer.idToken)).makeOffer;
    okData(await app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken));
    const payment = okData(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).startOfferPayment;
    await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId);
    okData(await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken));
    // Completing twice (browser and webhook) records the sale once.
    okData(await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken));

    const { history, daysOnOpenNest } = await historyOf(added.id);
    expect(history.map((event) => event.kind)).toEqual(['listed', 'verified', 'advertised', 'price_changed', 'facts_changed', 'photos_changed', 'offer_accepted', 'sold']);
    expect(history[3]).toMatchObject({ priceMinBefore: '1000.00', priceMaxBefore: '2000.00', priceMin: '900.00', priceMax: '1800.50' });
    expect(daysOnOpenNest).toBe(0);
    const times = history.map((event) => Date.parse(event.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a listing deleted and added again by its agent says so, and counts its days from the first time', async () => {
    const place = `${unique('Relist Road')}, Dhaka`;
    const first = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ location: place }) }, agent.idToken)).addProperty;
    const firstListed = new Date(Date.now() - 10 * 86_400_000);
    await app.db.property.update({ where: { id: first.id }, data: { createdAt: firstListed } });
    okData(await app.graphql(operations.DeleteListing, { id: first.id }, agent.idToken));
    const again = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ location: place.toUpperCase() }) }, agent.idToken)).addProperty;
    const { history, daysOnOpenNest } = await historyOf(again.id, agent);
    expect(history.map((event) => event.kind)).toEqual(['listed', 'relisted']);
    expect(history[1].previouslyListedAt).toBe(firstListed.toISOString());
    expect(daysOnOpenNest).toBe(10);
    // Another agent's listing in the same place is new.
    const other = await app.createUser('agent');
    const theirs = okData(await app.graphql(operations.AddListingWithFacts, { input: input({ location: place }) }, other.idToken)).addProperty;
    expect((await historyOf(theirs.id, other)).history.map((event) => event.kind)).toEqual(['listed']);
  });
});
