// When the price sort's second part (the ranges that contain the buyer's
// minimum) takes its ids from a place's covering index, and when it keeps the
// range index: only a search whose every condition that index holds may skip
// the range (otherwise each of the place's listings below the minimum would be
// read from the table). The rows both ways are the same: listings.test.ts pages
// them by text, by city and by area.
import { validPropertyFilter } from './properties.service';
import { shareContaining } from './location-text-share';
import { isCoveredByPlaceIndex, listingPageSql, type ListingQuery } from './verified-listings-sql';

const CITY = 'city:dhaka';
const common = { priceMin: '100000', priceMax: '600000', types: ['house', 'townhouse'], minBedrooms: 3, includeSold: false };

async function query(filter: Record<string, unknown>, search: Partial<Pick<ListingQuery, 'term' | 'termPlace'>> = {}): Promise<ListingQuery> {
  return { term: '', termPlace: null, ...search, filter: await validPropertyFilter(filter), sort: 'PRICE_ASC', after: null, limit: 25 };
}

const usesPlaceIndex = (sql: { sql: string }) => sql.sql.includes('ARRAY(SELECT') && !sql.sql.includes('numrange');

it('takes the ids from the place index for an area or a city with the filters it holds', async () => {
  for (const place of [CITY, 'area:dhaka/gulshan']) {
    const covered = await query({ ...common, place });
    expect(isCoveredByPlaceIndex(covered)).toBe(true);
    expect(usesPlaceIndex(listingPageSql(covered))).toBe(true);
  }
  // The search box's text when it names a city, and unset or empty filters, count as nothing.
  const named = await query({ priceMin: '100000', keywords: '  ', amenities: [], openHouseSoon: false }, { term: 'Dhaka', termPlace: { kind: 'city', keys: ['dhaka'] } });
  expect(isCoveredByPlaceIndex(named)).toBe(true);
});

it('keeps the range index for a filter the place index does not hold, a district, a substring, or two places', async () => {
  const uncovered = [
    { ...common, place: CITY, minBathrooms: 2 },
    { ...common, place: CITY, areaMin: 500 },
    { ...common, place: CITY, areaMax: 5000 },
    { ...common, place: CITY, keywords: 'garden' },
    { ...common, place: CITY, amenities: ['parking'] },
    { ...common, place: CITY, openHouseSoon: true },
    { ...common, place: 'district:BD 1212' },
    { ...common },
  ];
  for (const filter of uncovered) {
    const q = await query(filter);
    expect({ filter, covered: isCoveredByPlaceIndex(q), rangeIndex: listingPageSql(q).sql.includes('numrange') }).toEqual({ filter, covered: false, rangeIndex: true });
  }
  expect(isCoveredByPlaceIndex(await query({ ...common, place: CITY }, { term: 'road' }))).toBe(false);
  expect(isCoveredByPlaceIndex(await query({ ...common, place: CITY }, { term: 'Gulshan', termPlace: { kind: 'area', keys: ['dhaka/gulshan'] } }))).toBe(false);
});

it('leaves common text out of the index scans of the part that contains the minimum, and only common text', async () => {
  const text = (sql: { sql: string }) => sql.sql.replace(/\s+/g, ' ');
  const fenced = text(listingPageSql({ ...(await query(common, { term: 'road' })), commonText: true }));
  // The part that contains the minimum reads its rows in a fenced scan, then matches the text.
  expect(fenced).toMatch(/@> \?::numeric OFFSET 0\) AS p WHERE p\."location" ILIKE/);
  // The part above the minimum walks the price index with the text as a filter, as always.
  expect(fenced).toMatch(/p\.location ILIKE .* AND p\.price_min >= \?::numeric ORDER BY p\.price_min ASC/);
  // Rarer text, a place named by the text, or no text: no fence.
  expect(text(listingPageSql(await query(common, { term: 'road' })))).not.toContain('OFFSET 0');
  expect(text(listingPageSql({ ...(await query(common, { term: 'Dhaka', termPlace: { kind: 'city', keys: ['dhaka'] } })), commonText: true }))).not.toContain('OFFSET 0');
  expect(text(listingPageSql({ ...(await query(common)), commonText: true }))).not.toContain('OFFSET 0');
});

it('estimates the share of locations containing a text as the planner does: common values by their share, the rest by the histogram', () => {
  const sample = { commonValues: ['Mirpur, Dhaka', 'Agrabad, Chattogram'], commonShares: [0.2, 0.1], histogram: ['1 Lake Road, Dhaka', '2 Park Avenue, Sylhet', '3 Station road, Khulna', 'Kazla, Rajshahi'] };
  // A common value's share, plus the rest's (0.7) times the sampled values that contain it.
  expect(shareContaining(sample, 'ROAD')).toBeCloseTo(0.7 * (2 / 4));
  expect(shareContaining(sample, 'dhaka')).toBeCloseTo(0.2 + 0.7 * (1 / 4));
  expect(shareContaining(sample, 'nowhere')).toBe(0);
  expect(shareContaining({ commonValues: [], commonShares: [], histogram: [] }, 'road')).toBe(0);
});
