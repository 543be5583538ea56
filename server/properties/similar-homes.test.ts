// Issue 19, part 4 through the real app: similar homes (same area then city,
// type, bedrooms ±1, overlapping price ±20 %, not sold, listed; at most 6; two
// statements, index-backed) and the "relax one filter" counts.
import { createListing, errorOf, okData, startAppWithCast, unique, type Account, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';
import { placeFilterValue, placeKey } from '@opennest/common/address';
import { similarHomesSql } from './similar-homes';
import { Prisma } from '../generated/prisma/client';

let app: TestApp;
let agent: Account, buyer: Account, fraudAgent: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, fraud: fraudAgent } } = await startAppWithCast(['agent', 'buyer', 'fraud'])));
afterAll(() => app?.close());

const home = (city: string, area: string | null, data: ListingData = {}) =>
  createListing(app, agent.user.id, { title: unique('Home'), city, area, location: `${area ?? ''}, ${city}`, propertyType: 'house', bedrooms: 3, bathrooms: 2, priceMin: '100000.00', priceMax: '120000.00', ...data });

/** The SQL statements `run` sends, without the caller's record (read once and kept; context/viewer-lookup.ts). */
async function countStatements(run: () => Promise<{ errors?: unknown }>) {
  const { result, statements } = await app.sqlStatementsDuring(run);
  expect(result.errors).toBeUndefined();
  return statements.filter((sql) => !/FROM "public"\."users" WHERE \("public"\."users"\."firebase_uid" = \$1/.test(sql)).length;
}

const similarTo = async (id: string, account: Account = buyer) => okData(await app.graphql(operations.SimilarHomes, { id }, account.idToken)).similarProperties.map((p) => p.id);

describe('similar homes', () => {
  it('are the same type, bedrooms within one, overlapping price ±20 %, not sold, listed; the same area first, then the city; at most 6', async () => {
    const city = unique('Simcity');
    const listing = await home(city, 'Old Town');
    // Same area, alike, in price order (nearest first).
    const nearest = await home(city, 'Old Town', { priceMin: '101000.00', priceMax: '119000.00' });
    const fourBeds = await home(city, 'Old Town', { bedrooms: 4, priceMin: '130000.00', priceMax: '140000.00' });
    const cheaper = await home(city, 'old town', { bedrooms: 2, priceMin: '70000.00', priceMax: '80000.00' });
    // Elsewhere in the city.
    const otherArea = await home(city, 'New Quarter', { priceMin: '105000.00', priceMax: '110000.00' });
    const noArea = await home(city, null, { priceMin: '100000.00', priceMax: '100000.00' });
    // Not similar.
    const refused = [
      await home(city, 'Old Town', { bedrooms: 5 }),
      await home(city, 'Old Town', { bedrooms: 1 }),
      await home(city, 'Old Town', { propertyType: 'apartment' }),
      await home(city, 'Old Town', { priceMin: '144000.01', priceMax: '200000.00' }),
      await home(city, 'Old Town', { priceMin: '50000.00', priceMax: '79999.99' }),
      await home(city, 'Old Town', { saleState: 'sold' }),
      await home(city, 'Old Town', { status: 'pending' }),
      await home(city, 'Old Town', { deletedAt: new Date() }),
      await createListing(app, fraudAgent.user.id, { city, area: 'Old Town', location: 'Old Town', propertyType: 'house', bedrooms: 3, priceMin: '100000.00', priceMax: '120000.00' }),
      await home(unique('Elsewhere'), 'Old Town'),
    ];
    const found = await similarTo(listing.id);
    expect(found.slice(0, 3)).toEqual([nearest.id, fourBeds.id, cheaper.id]);
    expect(new Set(found.slice(3))).toEqual(new Set([otherArea.id, noArea.id]));
    for (const other of refused) expect(found).not.toContain(other.id);

    // At most 6, the area's before the city's.
    for (let i = 0; i < 6; i += 1) await home(city, 'Old Town', { priceMin: `${110000 + i}.00`, priceMax: '115000.00' });
    const capped = await similarTo(listing.id);
    expect(capped).toHaveLength(6);
    expect(capped).not.toContain(otherArea.id);

    // REST says the same.
    const rest = await app.rest('GET', `/api/properties/${listing.id}/similar`, { token: buyer.idToken });
    expect(rest.status).toBe(200);
    expect((rest.body as Array<{ _id: string }>).map((p) => p._id)).toEqual(capped);
  });

  it('are the nearest in price on either side, over every bedroom count, equal distances in id order', async () => {
    const city = unique('Nearcity');
    const listing = await home(city, 'Mid');
    // Seven dearer homes, and cheaper ones spread over the bedroom counts: the
    // statement walks up and down from the price for each count and merges.
    const homes = [
      ...(await Promise.all([100, 200, 300, 400, 500, 600, 700].map((up) => home(city, 'Mid', { priceMin: `${100000 + up}.00`, priceMax: '120000.00' })))),
      await home(city, 'Mid', { bedrooms: 2, priceMin: '99950.00', priceMax: '110000.00' }),
      await home(city, 'Mid', { bedrooms: 4, priceMin: '99800.00', priceMax: '110000.00' }),
      await home(city, 'Mid', { priceMin: '99700.00', priceMax: '110000.00' }),
      await home(city, 'Mid', { bedrooms: 2, priceMin: '99900.00', priceMax: '110000.00' }),
    ];
    const distance = (h: (typeof homes)[number]) => Math.abs(Number(h.priceMin) - 100000);
    const expected = [...homes].sort((a, b) => distance(a) - distance(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, 6).map((h) => h.id);
    expect(await similarTo(listing.id)).toEqual(expected);
    // 100,100 and 99,900 are equally near: the smaller id first.
    expect(expected.slice(1, 3)).toEqual([homes[0].id, homes[10].id].sort());
  });

  it('are none for a listing without a type or a city, and NOT_FOUND for one the caller cannot open', async () => {
    expect(await similarTo((await home(unique('Typeless'), 'A', { propertyType: null, bedrooms: null })).id)).toEqual([]);
    expect(await similarTo((await createListing(app, agent.user.id, { city: null, propertyType: 'house', bedrooms: 3 })).id)).toEqual([]);
    const pending = await home(unique('Hidden'), 'A', { status: 'pending' });
    expect(errorOf(await app.graphql(operations.SimilarHomes, { id: pending.id }, buyer.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect((await app.rest('GET', `/api/properties/${pending.id}/similar`, { token: buyer.idToken })).status).toBe(404);
    expect((await app.rest('GET', '/api/properties/not-an-id/similar', { token: buyer.idToken })).status).toBe(400);
    expect((await app.rest('GET', `/api/properties/${pending.id}/similar`)).status).toBe(401);
    // Its own agent sees similar homes of a pending listing.
    expect(await similarTo(pending.id, agent)).toEqual([]);
  });

  it('take two statements, and each part walks its index from the price', async () => {
    const city = unique('Countcity');
    const listing = await home(city, 'Centre');
    await home(city, 'Centre');
    const statements = await countStatements(() => app.graphql(operations.SimilarHomes, { id: listing.id }, buyer.idToken));
    expect(statements).toBeLessThanOrEqual(2);
    // The plan where a place is large (5,000 listings in one city of 10 areas), rolled back afterwards.
    let rows: Array<{ 'QUERY PLAN': string }> = [];
    await app.db
      .$transaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO properties (id, agent_id, title, location, image, price_min, price_max, status, property_type, bedrooms, city, area, updated_at)
          SELECT gen_random_uuid(), ${agent.user.id}::uuid, 'Filler ' || n, 'Filler', 'https://images.example.test/f.jpg', 50000 + (n % 97) * 1000, 60000 + (n % 97) * 1000,
                 'verified', (ARRAY['house','apartment','townhouse'])[1 + n % 3]::"PropertyType", 1 + n % 5, 'Filler City 7', 'Area ' || (n % 10), now()
          FROM generate_series(1, 5000) AS n`;
        await tx.$executeRawUnsafe('ANALYZE properties');
        rows = await tx.$queryRaw<Array<{ 'QUERY PLAN': string }>>(Prisma.sql`EXPLAIN ${similarHomesSql({ ...listing, cityKey: 'filler city 7', areaKey: 'filler city 7/area 7' })!}`);
        throw new Error('roll back');
        // 5,000 inserts and ANALYZE outlast Prisma's 5 s default on a busy CI machine.
      }, { timeout: 60_000 })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    // Each of the four parts (area and city, up and down) walks an index in price
    // order from the listing's price (for the city, whichever B-tree the planner
    // finds cheaper); never a bitmap of the whole place, sorted.
    expect(plan).toContain('Index Scan using properties_area_key_property_type_bedrooms_price_min_idx');
    expect(plan).toContain('Index Scan Backward using properties_area_key_property_type_bedrooms_price_min_idx');
    expect(plan.match(/Index Scan (Backward )?using properties_\w+_price_min_idx/g)).toHaveLength(4);
    expect(plan).not.toContain('Seq Scan on properties');
    expect(plan).not.toContain('Bitmap');
  });
});

describe('relaxing one filter', () => {
  it('counts, in one statement after the search text is looked up as a place, what the search would find without each filter it sets', async () => {
    const tag = unique('Relaxham');
    await home('Relax City', tag, { location: `${tag}, Relax City`, bedrooms: 2, amenities: ['garden'], description: 'A quiet garden.' });
    await home('Relax City', tag, { location: `${tag}, Relax City`, bedrooms: 4, amenities: ['garden', 'parking'], description: 'A pool and a garden.' });
    await home('Relax City', tag, { location: `${tag}, Relax City`, bedrooms: 4, amenities: ['parking'], propertyType: 'apartment', description: 'Lift.' });
    const relax = async (variables: operations.FilterRelaxationsQueryVariables) =>
      Object.fromEntries(okData(await app.graphql(operations.FilterRelaxations, variables, buyer.idToken)).verifiedPropertyRelaxations.map((r) => [r.filter, r.count.count]));
    // Finds none: 4+ bedrooms, garden and parking, the word "quiet".
    expect(await relax({ search: tag, filter: { minBedrooms: 4, amenities: ['garden', 'parking'], keywords: 'quiet' } })).toEqual({ BEDROOMS: 0, AMENITIES: 0, KEYWORDS: 1, LOCATION: 0 });
    expect(await relax({ search: tag, filter: { minBedrooms: 4, types: ['house'] } })).toMatchObject({ LOCATION: expect.any(Number), BEDROOMS: 2, TYPES: 2 });
    expect(await relax({})).toEqual({});
    // A place picked from the suggestions is the location too: relaxing it leaves it out.
    const area = placeFilterValue('area', `${placeKey('Relax City')}/${placeKey(tag)}`);
    const inArea = await relax({ filter: { place: area, minBedrooms: 5 } });
    expect(Object.keys(inArea).sort()).toEqual(['BEDROOMS', 'LOCATION']);
    expect(inArea.BEDROOMS).toBe(3);
    const statements = await countStatements(() => app.graphql(operations.FilterRelaxations, { search: tag, filter: { minBedrooms: 4, types: ['house'], keywords: 'pool', amenities: ['parking'] } }, buyer.idToken));
    // The search text looked up among places (it may name one; places.ts), then every count in one statement.
    expect(statements).toBe(2);
    expect(errorOf(await app.graphql(operations.FilterRelaxations, { filter: { keywords: 'x'.repeat(10_240) } }, buyer.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(await app.graphql(operations.FilterRelaxations, { filter: { keywords: `&|!:*()'"` } }, buyer.idToken))).toBeUndefined();
  });
});
