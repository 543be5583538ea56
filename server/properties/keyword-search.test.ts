// Issue 19, part 3 through the real app: amenities as facts (stored from the one
// list, shown, kept by an update without facts), keyword search over title,
// description and amenities (stemmed, ranked by relevance, paged), the amenity
// filter, bad input (GraphQL and REST), saved searches keeping and matching both,
// and the configurable text-search language.
import { AMENITIES } from '@opennest/common/amenities';
import { createListing, errorOf, okData, startAppWithCast, unique, type Account, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';
import { waitFor } from '../test/mailbox';
import { applyTextSearchLanguage } from './text-search-language';

let app: TestApp;
let agent: Account, buyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, admin } } = await startAppWithCast(['agent', 'buyer', 'admin'])));
afterAll(() => app?.close());

const seed = (data: ListingData = {}) => createListing(app, agent.user.id, { title: unique('Listing'), ...data });

async function found(variables: operations.KeywordSearchQueryVariables) {
  const data = okData(await app.graphql(operations.KeywordSearch, { first: 48, ...variables }, buyer.idToken));
  return { ids: data.verifiedProperties.nodes.map((node) => node.id), count: data.verifiedPropertyCount.count, page: data.verifiedProperties };
}

const newListing = { location: 'Amenity Road, Dhaka', image: 'https://images.example.test/a.jpg', priceMin: '1000', priceMax: '2000' };

describe('amenities', () => {
  it('are stored from the list in its order, shown, kept by an update without facts and replaced by one with them', async () => {
    const added = okData(await app.graphql(operations.AddListingWithAmenities, { input: { ...newListing, title: unique('Flat'), propertyType: 'apartment', bedrooms: 2, bathrooms: 1, floorArea: 70, areaUnit: 'sq_m', amenities: ['lift', 'parking', 'balcony'] } }, agent.idToken)).addProperty;
    expect(added.amenities).toEqual(['parking', 'balcony', 'lift']);
    expect((await app.db.property.findUniqueOrThrow({ where: { id: added.id } })).amenities).toEqual(['parking', 'balcony', 'lift']);
    // The spec's REST form sends no facts: the amenities stay.
    const rest = await app.rest('PUT', `/api/properties/${added.id}`, { token: agent.idToken, body: { title: added.title, location: newListing.location, priceMin: 1000, priceMax: 2000 } });
    expect(rest.status).toBe(200);
    expect(okData(await app.graphql(operations.ListingAmenities, { id: added.id }, agent.idToken)).property.amenities).toEqual(['parking', 'balcony', 'lift']);
    const updated = okData(await app.graphql(operations.UpdateListingAmenities, { id: added.id, input: { title: added.title, location: newListing.location, priceMin: '1000', priceMax: '2000', propertyType: 'apartment', bedrooms: 2, bathrooms: 1, floorArea: 70, areaUnit: 'sq_m', amenities: ['garden'] } }, agent.idToken)).updateProperty;
    expect(updated.amenities).toEqual(['garden']);
  });

  it('refuses an unknown amenity, the same one twice, and 200 of them (BAD_USER_INPUT)', async () => {
    const add = (amenities: unknown) => app.graphql(operations.AddListingWithAmenities, { input: { ...newListing, title: unique('Bad'), amenities } as never }, agent.idToken);
    expect(errorOf(await add(['moat']))?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(await add(['garden', 'garden']))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: { amenities: 'Choose each amenity at most once' } } });
    expect(errorOf(await add(Array.from({ length: 200 }, (_, i) => AMENITIES[i % AMENITIES.length])))).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: { amenities: `Choose at most ${AMENITIES.length} amenities` } } });
  });
});

describe('keyword search and the amenity filter', () => {
  const tag = unique('Wordham');
  const listings: Record<string, { id: string }> = {};

  beforeAll(async () => {
    const rows: Array<[string, ListingData]> = [
      ['inTitle', { title: 'Garden flat near the lake', description: 'Bright rooms.', amenities: ['parking'] }],
      ['inDescription', { title: 'Quiet house', description: 'A large walled garden with apple trees and a garage.', amenities: ['parking', 'garage'] }],
      ['asAmenity', { title: 'Corner apartment', description: 'Top floor.', amenities: ['garden', 'lift'] }],
      ['plural', { title: 'Family home', description: 'Two gardens, front and back.', amenities: [] }],
      ['nothing', { title: 'Studio', description: 'Close to the station.', amenities: ['lift', 'parking'] }],
      ['hidden', { title: 'Garden villa', description: 'Pending.', status: 'pending' }],
    ];
    for (const [key, data] of rows) listings[key] = await seed({ location: `${tag}, Dhaka`, ...data });
  });

  it('finds the words in the title, description and amenities, stemmed, only among listed listings', async () => {
    const garden = await found({ search: tag, filter: { keywords: 'garden' } });
    expect(new Set(garden.ids)).toEqual(new Set([listings.inTitle.id, listings.inDescription.id, listings.asAmenity.id, listings.plural.id]));
    expect(garden.count).toBe(4);
    // Web-search syntax: a phrase, an excluded word, or.
    expect((await found({ search: tag, filter: { keywords: '"walled garden"' } })).ids).toEqual([listings.inDescription.id]);
    expect(new Set((await found({ search: tag, filter: { keywords: 'garden -apple' } })).ids)).toEqual(new Set([listings.inTitle.id, listings.asAmenity.id, listings.plural.id]));
    expect(new Set((await found({ search: tag, filter: { keywords: 'station or lake' } })).ids)).toEqual(new Set([listings.inTitle.id, listings.nothing.id]));
    // Blank keywords are no filter.
    expect((await found({ search: tag, filter: { keywords: '   ' } })).count).toBe(5);
  });

  it('ranks by relevance (a title match first) and pages through the same order', async () => {
    const ranked = await found({ search: tag, sort: 'RELEVANCE', filter: { keywords: 'garden' } });
    expect(ranked.ids[0]).toBe(listings.inTitle.id);
    expect(ranked.ids).toHaveLength(4);
    const walked: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const current: Awaited<ReturnType<typeof found>> = await found({ search: tag, sort: 'RELEVANCE', filter: { keywords: 'garden' }, first: 1, after });
      walked.push(...current.ids);
      if (!current.page.pageInfo.hasNextPage) break;
      after = current.page.pageInfo.endCursor ?? null;
    }
    expect(walked).toEqual(ranked.ids);
    // Relevance without keywords is newest first.
    const newest = await found({ search: tag, sort: 'NEWEST' });
    expect((await found({ search: tag, sort: 'RELEVANCE' })).ids).toEqual(newest.ids);
  });

  it('filters by amenities (has all of them) and combines with keywords', async () => {
    expect(new Set((await found({ search: tag, filter: { amenities: ['parking'] } })).ids)).toEqual(new Set([listings.inTitle.id, listings.inDescription.id, listings.nothing.id]));
    expect(new Set((await found({ search: tag, filter: { amenities: ['parking', 'lift'] } })).ids)).toEqual(new Set([listings.nothing.id]));
    expect((await found({ search: tag, filter: { amenities: ['parking'], keywords: 'garden' } })).ids.sort()).toEqual([listings.inTitle.id, listings.inDescription.id].sort());
    expect((await found({ search: tag, filter: { amenities: [] } })).count).toBe(5);
  });

  it('answers bad input with BAD_USER_INPUT or a harmless empty result, never a server error (GraphQL and REST)', async () => {
    // Syntax garbage: no words, so nothing matches.
    for (const keywords of [`&|!:*()'"`, '!!!', '"', '-', 'garden & | !', "'; DROP TABLE properties; --"]) {
      const result = await app.graphql(operations.KeywordSearch, { search: tag, filter: { keywords } }, buyer.idToken);
      expect([keywords, result.errors]).toEqual([keywords, undefined]);
    }
    expect((await found({ search: tag, filter: { keywords: 'garden & | !' } })).count).toBe(4);
    const code = async (filter: object) => errorOf(await app.graphql(operations.KeywordSearch, { search: tag, filter: filter as never }, buyer.idToken))?.extensions?.code;
    expect(await code({ keywords: 'garden '.repeat(1500) })).toBe('BAD_USER_INPUT');
    expect(await code({ keywords: 'gar\u0000den' })).toBe('BAD_USER_INPUT');
    expect(await code({ amenities: ['moat'] })).toBe('BAD_USER_INPUT');
    expect(await code({ amenities: Array.from({ length: 200 }, () => 'garden') })).toBe('BAD_USER_INPUT');
    expect(errorOf(await app.graphql(operations.KeywordSearch, { sort: 'RELEVANCE', filter: { keywords: 'garden' }, after: 'bm9wZQ' }, buyer.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');

    const rest = (query: string) => app.rest('GET', `/api/properties/verified?search=${encodeURIComponent(tag)}&${query}`, { token: buyer.idToken });
    const ok = await rest('keywords=garden&amenities=parking&sort=relevance');
    expect(ok.status).toBe(200);
    expect((ok.body as Array<{ _id: string }>).map((p) => p._id)).toEqual([listings.inTitle.id, listings.inDescription.id].sort((a, b) => (a === listings.inTitle.id ? -1 : b === listings.inTitle.id ? 1 : 0)));
    expect((await rest(`keywords=${encodeURIComponent(`&|!:*()'"`)}`)).status).toBe(200);
    expect((await rest(`keywords=${'x'.repeat(10_240)}`)).status).toBe(400);
    expect((await rest('amenities=moat')).status).toBe(400);
    expect((await rest(`amenities=${Array.from({ length: 200 }, () => 'garden').join(',')}`)).status).toBe(400);
  });
});

describe('saved searches keep keywords and amenities and match with them', () => {
  it('stores them, notifies only for listings that pass them, and an old search without them still matches', async () => {
    const tag = unique('Keepham').toLowerCase();
    const saved = okData(await app.graphql(operations.SaveKeywordSearch, { input: { name: 'Gardens with parking', frequency: 'instant', search: tag, filter: { keywords: 'garden', amenities: ['parking'] } } }, buyer.idToken)).saveSearch;
    expect(saved.criteria.filter).toEqual({ keywords: 'garden', amenities: ['parking'], types: null });
    const old = await app.db.savedSearch.create({ data: { userId: buyer.user.id, name: 'Old', frequency: 'instant', criteria: { version: 2, search: tag, sort: 'NEWEST', filter: {} }, locationTerm: tag } });

    const make = (data: ListingData) => seed({ location: `${tag} lane`, status: 'pending', ...data });
    const fits = await make({ description: 'A sunny garden.', amenities: ['parking'] });
    const noParking = await make({ description: 'A sunny garden.', amenities: [] });
    const noGarden = await make({ description: 'A sunny yard.', amenities: ['parking'] });
    const all = [fits, noParking, noGarden];
    for (const listing of all) okData(await app.graphql(operations.VerifyProperty, { id: listing.id }, admin.idToken));
    await waitFor(async () => {
      const jobs = await app.eventsAndJobs.jobs.boss.findJobs('saved-search-matching');
      const mine = jobs.filter((job) => all.some((listing) => (job.data as { propertyId: string }).propertyId === listing.id));
      return mine.length === 3 && mine.every((job) => job.state === 'completed') ? mine : undefined;
    }, { what: 'matching of the three listings' });
    expect((await app.db.savedSearchMatch.findMany({ where: { savedSearchId: saved.id } })).map((m) => m.propertyId)).toEqual([fits.id]);
    expect((await app.db.savedSearchMatch.findMany({ where: { savedSearchId: old.id } })).map((m) => m.propertyId).sort()).toEqual(all.map((l) => l.id).sort());
  });
});

describe('the text-search language (TEXT_SEARCH_LANGUAGE)', () => {
  it('recomputes the stored words when it changes, refuses an unknown one, and does nothing when unchanged', async () => {
    const tag = unique('Langham');
    const listing = await seed({ location: `${tag}, Dhaka`, description: 'Two gardens.' });
    expect((await found({ search: tag, filter: { keywords: 'garden' } })).ids).toEqual([listing.id]);
    await expect(applyTextSearchLanguage(app.databaseUrl, 'klingon')).rejects.toThrow(/not a text-search configuration/);
    try {
      expect(await applyTextSearchLanguage(app.databaseUrl, 'simple')).toBe(true);
      // No stemming in 'simple': "garden" is not "gardens" any more.
      expect((await found({ search: tag, filter: { keywords: 'garden' } })).ids).toEqual([]);
      expect((await found({ search: tag, filter: { keywords: 'gardens' } })).ids).toEqual([listing.id]);
      expect(await applyTextSearchLanguage(app.databaseUrl, 'simple')).toBe(false);
    } finally {
      await applyTextSearchLanguage(app.databaseUrl, 'english');
    }
    expect((await found({ search: tag, filter: { keywords: 'garden' } })).ids).toEqual([listing.id]);
  });
});
