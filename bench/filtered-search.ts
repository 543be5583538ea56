// The filtered All Properties scenario (issue 11): location + price range +
// property type + minimum bedrooms, sorted by price, the list and its capped
// count in one request, as the page asks for them. The seed gives listings no
// facts, so addListingFacts gives every seeded listing some first
// (deterministic: listingRoll).
import type pg from 'pg';

export const FILTERED_QUERY = `query FilteredProperties($search: String, $filter: PropertyFilter) {
  verifiedProperties(search: $search, sort: PRICE_ASC, filter: $filter, first: 24) {
    nodes { id title location thumbnail priceMin priceMax propertyType bedrooms bathrooms floorArea areaUnit saleState agent { name image } }
    pageInfo { endCursor hasNextPage }
  }
  verifiedPropertyCount(search: $search, filter: $filter) { count capped }
}`;

export interface ListingFilter {
  priceMin: string;
  priceMax: string;
  types: string[];
  minBedrooms: number;
}

/**
 * A number per listing to draw its facts from, the same in every run of a seed:
 * from the listing's place in the seed's order, not from its id (a UUIDv7
 * holds the time of the run, so facts drawn from ids changed from run to run,
 * and at 1,000 listings the filtered scenarios' 3 matches could be none).
 */
export const listingRoll = (salt: string) => `SELECT id, abs(hashtext(row_number() OVER (ORDER BY created_at, id)::text || '${salt}')) AS h FROM properties`;

/** Gives every seeded listing facts a buyer filters on: a type, rooms for homes, an area (sq ft). */
export async function addListingFacts(pool: pg.Pool): Promise<void> {
  await pool.query(`
    WITH roll AS (${listingRoll('facts')}),
    typed AS (SELECT id, h, (ARRAY['house','apartment','apartment','townhouse','land','commercial'])[1 + h % 6]::"PropertyType" AS t FROM roll)
    UPDATE properties p SET
      property_type = typed.t,
      bedrooms = CASE WHEN typed.t IN ('house','apartment','townhouse') THEN 1 + (typed.h / 7) % 6 END,
      bathrooms = CASE WHEN typed.t IN ('house','apartment','townhouse') THEN 1 + (typed.h / 43) % 4 END,
      floor_area = 450 + (typed.h / 301) % 3800,
      area_unit = 'sq_ft',
      floor_area_sqm = round((450 + (typed.h / 301) % 3800) * 0.09290304, 2)
    FROM typed WHERE typed.id = p.id`);
  await pool.query('VACUUM (ANALYZE) properties');
}

/** Houses and townhouses with 3+ bedrooms priced in the lower-middle band (25th to 50th percentile of price_min). */
export async function listingFilter(pool: pg.Pool): Promise<ListingFilter> {
  const { rows: [band] } = await pool.query<{ low: string; high: string }>(
    `SELECT round(percentile_cont(0.25) WITHIN GROUP (ORDER BY price_min))::text AS low, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY price_min))::text AS high
     FROM properties WHERE status = 'verified' AND deleted_at IS NULL`,
  );
  return { priceMin: band.low, priceMax: band.high, types: ['house', 'townhouse'], minBedrooms: 3 };
}

interface FilteredPage {
  verifiedProperties: { nodes: Array<{ priceMin: string; priceMax: string; propertyType: string; bedrooms: number }> };
  verifiedPropertyCount: { count: number; capped: boolean };
}

/** Throws unless every listing on the page is inside the filter; returns a one-line description. */
export function checkFilteredPage(data: Record<string, unknown>, filter: ListingFilter): string {
  const { verifiedProperties: { nodes }, verifiedPropertyCount: total } = data as unknown as FilteredPage;
  const wrong = nodes.find(
    (n) => Number(n.priceMax) < Number(filter.priceMin) || Number(n.priceMin) > Number(filter.priceMax) || !filter.types.includes(n.propertyType) || n.bedrooms < filter.minBedrooms,
  );
  if (!nodes.length || wrong) throw new Error(`filtered scenario: unexpected page (${nodes.length} nodes${wrong ? `, one outside the filter: ${JSON.stringify(wrong)}` : ''})`);
  return `${nodes.length} listings, count ${total.count}${total.capped ? '+ (capped)' : ''}`;
}
