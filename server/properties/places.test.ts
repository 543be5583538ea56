// Issue 19, parts 1, 2 and 7 (places) through the real app: structured
// addresses in and out (GraphQL, and REST's spec `location`), place
// suggestions, filters by exact place keys with the substring as the fallback,
// saved searches keeping and matching the place, bad input refused cleanly, and
// places counting only what buyers can see (not the homes of an agent marked as
// fraud, also while the marking races with the agent's listings).
import pg from 'pg';
import type { AddPropertyInput, AddressInput } from '../graphql/generated/resolvers-types';
import { createListing, createUserRow, errorOf, okData, startAppWithCast, unique, type Account, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { waitFor } from '../test/mailbox';

let app: Awaited<ReturnType<typeof startAppWithCast>>['app'];
let agent: Account, buyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, admin } } = await startAppWithCast(['agent', 'buyer', 'admin'])));
afterAll(() => app?.close());

/** A one-word name no other test uses (places are shared by the whole database). */
const placeName = (prefix: string) => unique(prefix).replace(' ', '');

const address = (overrides: Partial<AddressInput> = {}): AddressInput => ({ streetLine: '12 Lake Road', area: 'Gulshan', city: 'Dhaka', postcode: '1212', countryCode: 'BD', ...overrides });
const listingInput = (overrides: Partial<AddPropertyInput> = {}): AddPropertyInput => ({
  title: unique('Address'),
  image: 'https://images.example.test/address.jpg',
  priceMin: '1000',
  priceMax: '2000',
  address: address(),
  ...overrides,
});
const seed = (data: ListingData) => createListing(app, agent.user.id, { title: unique('Placed'), ...data });

const listedIds = async (variables: operations.PlaceListingsQueryVariables) => {
  const data = okData(await app.graphql(operations.PlaceListings, variables, buyer.idToken));
  expect(data.verifiedPropertyCount.count).toBe(data.verifiedProperties.nodes.length);
  return data.verifiedProperties.nodes.map((node) => node.id).sort();
};
const suggestions = async (text: string) => okData(await app.graphql(operations.PlaceSuggestions, { text }, buyer.idToken)).placeSuggestions;

describe('structured address', () => {
  it('is stored from the form, with the display line made from its parts', async () => {
    const added = okData(await app.graphql(operations.AddListingWithAddress, { input: listingInput({ address: address({ latitude: 23.7925, longitude: 90.4078 }) }) }, agent.idToken)).addProperty;
    expect(added).toMatchObject({ location: '12 Lake Road, Gulshan, Dhaka 1212', streetLine: '12 Lake Road', area: 'Gulshan', city: 'Dhaka', postcode: '1212', countryCode: 'BD', latitude: 23.7925, longitude: 90.4078, addressComplete: true });
    // An edit with a new address rewrites the line; one that sends the same location keeps the parts.
    const moved = okData(await app.graphql(operations.UpdateListingAddress, { id: added.id, input: { title: 'Moved', priceMin: '1000', priceMax: '2000', address: address({ streetLine: 'Flat 3, 9 High Street', area: 'Camden', city: 'London', postcode: 'nw1 8ql', countryCode: 'gb' }) } }, agent.idToken)).updateProperty;
    expect(moved).toMatchObject({ location: 'Flat 3, 9 High Street, Camden, London NW1 8QL', postcode: 'NW1 8QL', countryCode: 'GB', latitude: null, longitude: null });
    const kept = okData(await app.graphql(operations.UpdateListingAddress, { id: added.id, input: { title: 'Kept', location: moved.location, priceMin: '1000', priceMax: '2000' } }, agent.idToken)).updateProperty;
    expect(kept).toEqual(moved);
    expect(await app.db.property.findUniqueOrThrow({ where: { id: added.id } })).toMatchObject({ areaKey: 'london/camden', cityKey: 'london', districtKey: 'GB NW1' });
  });

  it('keeps the spec’s REST location key in and out: a location alone is split best-effort, what cannot be split is left for the agent', async () => {
    const body = { title: unique('Rest'), location: 'House 4, Road 2, Banani, Dhaka 1213', image: 'https://images.example.test/rest.jpg', priceMin: 10, priceMax: 20 };
    const created = await app.rest('POST', '/api/properties', { token: agent.idToken, body });
    expect(created.status).toBe(201);
    expect(created.body.location).toBe(body.location);
    const stored = await app.db.property.findUniqueOrThrow({ where: { id: created.body.insertedId } });
    expect(stored).toMatchObject({ streetLine: 'House 4, Road 2', area: 'Banani', city: 'Dhaka', postcode: '1213', countryCode: null });
    // No country could be told from it: the agent completes it.
    expect(okData(await app.graphql(operations.ListingAddress, { id: stored.id }, agent.idToken)).property.addressComplete).toBe(false);

    const edited = await app.rest('PUT', `/api/properties/${stored.id}`, { token: agent.idToken, body: { ...body, location: 'Nowhere in particular' } });
    expect(edited.status).toBe(200);
    expect(edited.body.location).toBe('Nowhere in particular');
    expect(await app.db.property.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({ streetLine: null, area: null, city: null, postcode: null });
  });

  it.each<[string, Partial<AddressInput>, Record<string, string>]>([
    ['an unknown country code', { countryCode: 'XX' }, { countryCode: 'Choose a country from the list' }],
    ['an overlong postcode', { postcode: '1'.repeat(13) }, { postcode: 'Postcode must be at most 12 characters' }],
    ['a postcode of another format', { postcode: 'NW1 6XE' }, { postcode: 'Enter a valid postcode for the country' }],
    ['latitude 91', { latitude: 91, longitude: 0 }, { latitude: 'Latitude must be between -90 and 90' }],
    ['longitude -180.5', { latitude: 0, longitude: -180.5 }, { longitude: 'Longitude must be between -180 and 180' }],
    ['one coordinate', { latitude: 10 }, { latitude: 'Give both latitude and longitude, or neither' }],
    ['no street', { streetLine: ' ' }, { streetLine: 'Street address is required' }],
  ])('refuses %s (BAD_USER_INPUT, nothing stored)', async (_case, overrides, fieldErrors) => {
    const title = unique('Refused');
    const result = await app.graphql(operations.AddListingWithAddress, { input: listingInput({ title, address: address(overrides) }) }, agent.idToken);
    expect(errorOf(result)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors });
    expect(await app.db.property.count({ where: { title } })).toBe(0);
  });

  it('refuses an overlong REST location with 400, not 500', async () => {
    const result = await app.rest('POST', '/api/properties', { token: agent.idToken, body: { title: 'Long', location: 'x, '.repeat(4000), image: 'https://images.example.test/l.jpg', priceMin: 1, priceMax: 2 } });
    expect(result.status).toBe(400);
  });
});

describe('place search', () => {
  it('suggests places with listed homes as the name is typed, and filters by exact key; the substring is only the fallback', async () => {
    const area = placeName('Lakeside');
    const other = placeName('Hillview');
    const city = placeName('Riverton');
    const inArea = await seed({ location: `1 Main St, ${area}, ${city}`, streetLine: '1 Main St', area, city, postcode: '1000', countryCode: 'BD' });
    // Names the area in its street line only: a substring would match it, the area does not.
    const namesIt = await seed({ location: `${area} Road, ${other}, ${city}`, streetLine: `${area} Road`, area: other, city, postcode: '1001', countryCode: 'BD' });
    const pending = await seed({ location: `2 Main St, ${placeName('Pendingfield')}, ${city}`, area: placeName('Pendingfield'), city, status: 'pending' });

    const typed = await suggestions(area.slice(0, 6));
    expect(typed[0]).toEqual({ kind: 'area', name: area, within: city, countryCode: 'BD', listedCount: 1, filter: `area:${city.toLowerCase()}/${area.toLowerCase()}` });
    expect(await suggestions(city.slice(0, 7))).toContainEqual({ kind: 'city', name: city, within: null, countryCode: 'BD', listedCount: 2, filter: `city:${city.toLowerCase()}` });
    // A place whose only home is not listed is not suggested.
    expect((await suggestions('Pendingfield')).filter((p) => p.name.startsWith('Pendingfield'))).toEqual([]);

    expect(await listedIds({ filter: { place: typed[0].filter } })).toEqual([inArea.id]);
    expect(await listedIds({ filter: { place: `city:${city.toLowerCase()}` } })).toEqual([inArea.id, namesIt.id].sort());
    expect(await listedIds({ filter: { place: 'district:BD 1001' } })).toEqual([namesIt.id]);
    // Text that names the area is the area (exact key), not a substring.
    expect(await listedIds({ search: ` ${area.toLowerCase()} ` })).toEqual([inArea.id]);
    // Text that names no place: the substring fallback.
    expect(await listedIds({ search: `${area} Roa` })).toEqual([namesIt.id]);
    expect(pending.id).toBeTruthy();
  });

  it('looks the text up once for the page and its count of one request', async () => {
    const city = placeName('Oncetown');
    const area = placeName('Oncefield');
    await seed({ location: `3 Main St, ${area}, ${city}`, streetLine: '3 Main St', area, city, postcode: '1002', countryCode: 'BD' });
    // A city's name (its exact key), then text that names no place (the substring).
    for (const search of [city, `Main St, ${area}`]) {
      const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.PlaceListings, { search }, buyer.idToken));
      expect(okData(result).verifiedPropertyCount.count).toBe(1);
      expect(statements.filter((sql) => /FROM places WHERE listed_count > 0 AND lower\(name\)/.test(sql))).toHaveLength(1);
    }
  });

  it('moves a listing between places when it is sold or edited', async () => {
    const area = placeName('Movefrom');
    const city = placeName('Movecity');
    const listing = await seed({ location: `${area}, ${city}`, area, city });
    expect((await suggestions(area))[0]).toMatchObject({ name: area, listedCount: 1 });
    await app.db.property.update({ where: { id: listing.id }, data: { saleState: 'sold' } });
    expect((await suggestions(area)).filter((p) => p.name === area)).toEqual([]);
  });

  it.each([
    ['keyword syntax garbage', `&|!:*()'"`],
    ['a 10 KB string', 'a'.repeat(10_240)],
    ['only spaces', '   '],
    ['a NUL character', 'Dha\u0000ka'],
  ])('suggests nothing for %s (no error)', async (_case, text) => {
    const result = await app.graphql(operations.PlaceSuggestions, { text }, buyer.idToken);
    expect(errorOf(result)).toBeUndefined();
    expect(okData(result).placeSuggestions).toEqual([]);
  });

  it.each([
    ['not a place key', 'Dhaka'],
    ['an unknown kind', 'country:bd'],
    ['a 10 KB key', `city:${'a'.repeat(10_240)}`],
  ])('refuses a place filter that is %s (BAD_USER_INPUT)', async (_case, place) => {
    const result = await app.graphql(operations.PlaceListings, { filter: { place } }, buyer.idToken);
    expect(errorOf(result)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { place: 'Choose a place from the suggestions' } });
  });

  it('answers REST GET /api/places, finding nothing (200, no error) for garbage and a 10 KB text', async () => {
    const city = placeName('Restcity');
    await seed({ location: `Centre, ${city}`, area: 'Centre', city });
    const found = await app.rest('GET', `/api/places?q=${encodeURIComponent(city.slice(0, 8))}`, { token: buyer.idToken });
    expect(found.status).toBe(200);
    expect(found.body).toContainEqual({ kind: 'city', name: city, within: null, countryCode: null, listedCount: 1, filter: `city:${city.toLowerCase()}` });
    expect((await app.rest('GET', `/api/places?q=${encodeURIComponent(`&|!:*()'"`)}`, { token: buyer.idToken })).body).toEqual([]);
    expect(await app.rest('GET', `/api/places?q=${'a'.repeat(10_240)}`, { token: buyer.idToken })).toMatchObject({ status: 200, body: [] });
    expect((await app.rest('GET', '/api/places?q=x')).status).toBe(401);
  });
});

/** The counts of these places (kind:key) as stored, and as a fresh count of the homes buyers can find there would give. */
async function storedAndFreshCounts(places: Array<[kind: 'area' | 'city', key: string]>) {
  const rows = await app.db.$queryRawUnsafe<Array<{ place: string; stored: number; fresh: number }>>(
    `SELECT q.kind || ':' || q.key AS place, coalesce(pl.listed_count, 0) AS stored,
            (SELECT count(*)::int FROM properties p JOIN users a ON a.id = p.agent_id
              WHERE p.status = 'verified' AND p.deleted_at IS NULL AND a.role <> 'fraud' AND p.sale_state <> 'sold'
                AND CASE q.kind WHEN 'area' THEN p.area_key ELSE p.city_key END = q.key) AS fresh
     FROM unnest($1::text[], $2::text[]) AS q(kind, key) LEFT JOIN places pl ON pl.kind::text = q.kind AND pl.key = q.key
     ORDER BY 1`,
    places.map(([kind]) => kind),
    places.map(([, key]) => key),
  );
  return { stored: rows.map((r) => [r.place, r.stored]), fresh: rows.map((r) => [r.place, r.fresh]) };
}

describe('places count only what buyers can see', () => {
  it('drops a place whose only homes are a fraud agent’s from suggestions (GraphQL and REST), and counts only the honest agent’s homes elsewhere', async () => {
    const city = placeName('Fraudcity');
    const onlyFraud = placeName('Crookside');
    const mixed = placeName('Mixedfield');
    const crook = await createUserRow(app, 'crook', { role: 'agent' });
    await createListing(app, crook.id, { title: unique('Crooked'), location: `${onlyFraud}, ${city}`, area: onlyFraud, city });
    await createListing(app, crook.id, { title: unique('Crooked'), location: `${mixed}, ${city}`, area: mixed, city });
    await seed({ location: `${mixed}, ${city}`, area: mixed, city });
    const rest = async (text: string) => (await app.rest('GET', `/api/places?q=${encodeURIComponent(text)}`, { token: buyer.idToken })).body as Array<{ name: string; listedCount: number }>;
    const counted = async (name: string) => ({
      graphql: (await suggestions(name)).filter((p) => p.name === name).map((p) => p.listedCount),
      rest: (await rest(name)).filter((p) => p.name === name).map((p) => p.listedCount),
    });
    expect(await counted(onlyFraud)).toEqual({ graphql: [1], rest: [1] });
    expect(await counted(mixed)).toEqual({ graphql: [2], rest: [2] });
    expect(await counted(city)).toEqual({ graphql: [3], rest: [3] });

    expect(okData(await app.graphql(operations.MarkUserAsFraud, { id: crook.id }, admin.idToken)).markUserAsFraud.role).toBe('fraud');
    expect(await counted(onlyFraud)).toEqual({ graphql: [], rest: [] });
    expect(await counted(mixed)).toEqual({ graphql: [1], rest: [1] });
    expect(await counted(city)).toEqual({ graphql: [1], rest: [1] });
    // The search box's text no longer names that place either (only the substring fallback, which finds nothing listed).
    expect(await listedIds({ search: onlyFraud })).toEqual([]);

    // The product cannot undo the marking (so the homes never come back); the refusal changes no count.
    expect(errorOf(await app.graphql(operations.SetUserRole, { id: crook.id, role: 'agent' }, admin.idToken))?.extensions).toMatchObject({ code: 'CONFLICT' });
    const { stored, fresh } = await storedAndFreshCounts([['area', `${city.toLowerCase()}/${onlyFraud.toLowerCase()}`], ['area', `${city.toLowerCase()}/${mixed.toLowerCase()}`], ['city', city.toLowerCase()]]);
    expect(stored).toEqual(fresh);
    expect(stored.map(([, n]) => n)).toEqual([0, 1, 1]);
  });

  it('keeps the count exact when an agent is marked as fraud while their listings in the same place are verified and edited', async () => {
    const city = placeName('Racecity');
    const area = placeName('Raceside');
    const places: Array<['area' | 'city', string]> = [['area', `${city.toLowerCase()}/${area.toLowerCase()}`], ['city', city.toLowerCase()]];
    await seed({ location: `${area}, ${city}`, area, city }); // an honest agent's home there
    for (let round = 0; round < 4; round += 1) {
      const racer = await app.createUser('agent', { name: `Racer ${round}` });
      await createListing(app, racer.user.id, { location: `${area}, ${city}`, area, city });
      const pending = await Promise.all([0, 1].map(() => createListing(app, racer.user.id, { location: `${area}, ${city}`, area, city, status: 'pending' })));
      const elsewhere = await createListing(app, racer.user.id, { location: `Far, ${placeName('Farcity')}`, area: 'Far', city: placeName('Farcity') });
      const moveHere = { title: 'Moved here', priceMin: '1000', priceMax: '2000', address: address({ area, city, countryCode: 'BD', postcode: '1000' }) };
      const outcomes = await Promise.all([
        app.graphql(operations.MarkUserAsFraud, { id: racer.user.id }, admin.idToken),
        ...pending.map((listing) => app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken)),
        app.graphql(operations.UpdateListingAddress, { id: elsewhere.id, input: moveHere }, racer.idToken),
      ]);
      // Whichever order they ran in: no internal error, and the marking always succeeds.
      expect(outcomes.flatMap((outcome) => outcome.errors ?? []).filter((error) => error.extensions?.code !== 'FORBIDDEN')).toEqual([]);
      expect(errorOf(outcomes[0])).toBeUndefined();
      const { stored, fresh } = await storedAndFreshCounts(places);
      expect([round, stored]).toEqual([round, fresh]);
      expect(stored.map(([, n]) => n)).toEqual([1, 1]);
    }
  });

  it('keeps the count exact, with no internal error, when a report marks the agent as fraud while the agent moves the reported listing', async () => {
    const city = placeName('Reportcity');
    const [from, to] = [placeName('Fromside'), placeName('Toside')];
    const places: Array<['area' | 'city', string]> = [['area', `${city.toLowerCase()}/${from.toLowerCase()}`], ['area', `${city.toLowerCase()}/${to.toLowerCase()}`], ['city', city.toLowerCase()]];
    for (let round = 0; round < 4; round += 1) {
      const crook = await app.createUser('agent', { name: `Reported ${round}` });
      const reported = await createListing(app, crook.user.id, { location: `${from}, ${city}`, area: from, city, postcode: '1000', countryCode: 'BD' });
      okData(await app.graphql(operations.ReportListing, { input: { propertyId: reported.id, reason: 'fraud' } }, buyer.idToken));
      const move = { title: 'Moved', priceMin: '1000', priceMax: '2000', address: address({ area: to, city, postcode: '1000', countryCode: 'BD' }) };
      // The resolution holds the agent's row FOR UPDATE, then asks for the listing's; the edit asks in the same order.
      const [resolved, edited] = await Promise.all([
        app.graphql(operations.ResolveReports, { propertyId: reported.id, action: 'MARK_AGENT_FRAUD', note: 'Confirmed scam.' }, admin.idToken),
        app.graphql(operations.UpdateListingAddress, { id: reported.id, input: move }, crook.idToken),
      ]);
      expect(errorOf(resolved)).toBeUndefined();
      expect([errorOf(edited)?.extensions?.code].filter((code) => code !== 'FORBIDDEN' && code !== undefined)).toEqual([]);
      const { stored, fresh } = await storedAndFreshCounts(places);
      expect([round, stored]).toEqual([round, fresh]);
      expect(stored.map(([, n]) => n)).toEqual([0, 0, 0]);
    }
  });

  it.each([
    ['the listing change first', 'listing'],
    ['the marking first', 'marking'],
  ] as const)('keeps the count exact when a listing verified by SQL and the agent’s marking by SQL overlap (%s)', async (_case, first) => {
    const city = placeName('Sqlcity');
    const area = placeName('Sqlside');
    const crook = await createUserRow(app, 'sqlcrook', { role: 'agent' });
    await createListing(app, crook.id, { location: `${area}, ${city}`, area, city });
    const pending = await createListing(app, crook.id, { location: `${area}, ${city}`, area, city, status: 'pending' });
    const [listingTx, markingTx] = [new pg.Client({ connectionString: app.databaseUrl }), new pg.Client({ connectionString: app.databaseUrl })];
    await Promise.all([listingTx.connect(), markingTx.connect()]);
    try {
      await Promise.all([listingTx.query('BEGIN'), markingTx.query('BEGIN')]);
      const verify = () => listingTx.query(`UPDATE properties SET status = 'verified' WHERE id = $1`, [pending.id]);
      const mark = () => markingTx.query(`UPDATE users SET role = 'fraud' WHERE id = $1`, [crook.id]);
      // The first holds its locks; the second waits for it (in its trigger) until it commits.
      await (first === 'listing' ? verify() : mark());
      const second = first === 'listing' ? mark() : verify();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await (first === 'listing' ? listingTx : markingTx).query('COMMIT');
      await second;
      await (first === 'listing' ? markingTx : listingTx).query('COMMIT');
    } finally {
      await Promise.all([listingTx.end(), markingTx.end()]);
    }
    const { stored, fresh } = await storedAndFreshCounts([['area', `${city.toLowerCase()}/${area.toLowerCase()}`], ['city', city.toLowerCase()]]);
    expect(stored).toEqual(fresh);
    expect(stored.map(([, n]) => n)).toEqual([0, 0]);
  });
});

describe('saved searches keep the place', () => {
  it('stores it (absent: no place filter) and matches only listings there', async () => {
    const city = placeName('Alertcity');
    await seed({ location: `Old, ${city}`, area: 'Old', city }); // makes the place known
    const saved = okData(await app.graphql(operations.SavePlaceSearch, { input: { name: 'Place', frequency: 'instant', filter: { place: `city:${city.toLowerCase()}` } } }, buyer.idToken)).saveSearch;
    expect(saved.criteria.filter.place).toBe(`city:${city.toLowerCase()}`);
    const without = okData(await app.graphql(operations.SavePlaceSearch, { input: { name: 'Anywhere', frequency: 'off' } }, buyer.idToken)).saveSearch;
    expect(without.criteria.filter.place).toBeNull();

    const there = await seed({ location: `New, ${city}`, area: 'New', city, status: 'pending' });
    const elsewhere = await seed({ location: `New, ${placeName('Elsewhere')}`, area: 'New', city: placeName('Elsewhere'), status: 'pending' });
    for (const listing of [there, elsewhere]) okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
    await waitFor(async () => {
      const jobs = await app.eventsAndJobs.jobs.boss.findJobs('saved-search-matching');
      const mine = jobs.filter((job) => [there.id, elsewhere.id].includes((job.data as { propertyId: string }).propertyId));
      return mine.length === 2 && mine.every((job) => job.state === 'completed') ? mine : undefined;
    }, { what: 'matching of the two listings' });
    expect((await app.db.savedSearchMatch.findMany({ where: { savedSearchId: saved.id } })).map((m) => m.propertyId)).toEqual([there.id]);
  });
});
