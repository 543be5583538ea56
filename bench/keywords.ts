// Issue 19's scenarios: "keyword + filters" and "similar homes". The seed's
// listings get, in one UPDATE after seeding (separate from bench/seed.ts, as
// addListingFacts is): amenities from the common list (deterministic: listingRoll in
// filtered-search.ts), a sentence of the words buyers search for in the description, and, where
// the seed set no structured address, the area and city from the location's
// last two parts ("…, Gulshan, Dhaka"), so similar homes have places to compare.
import type pg from 'pg';
import { AMENITIES } from '../common/amenities';
import { listingRoll } from './filtered-search';

const PHRASES = [
  'a private garden with fruit trees',
  'secure parking in the basement',
  'a sunny balcony over the park',
  'walking distance to the market and schools',
  'a renovated kitchen with new appliances',
  'quiet street, close to the mosque and the station',
  'high ceilings, marble floors and large windows',
  'a shared rooftop garden with city views',
  'fully furnished, ready to move in',
  'generator backup and a lift',
  'children’s play area and a gym in the building',
  'pets welcome, near the lake',
];

export async function addListingWords(pool: pg.Pool): Promise<void> {
  await pool.query(
    `
    WITH roll AS (${listingRoll('words')})
    UPDATE properties p SET
      amenities = ARRAY(SELECT a FROM unnest($1::text[]) WITH ORDINALITY AS t(a, i) WHERE (roll.h >> (i::int - 1)) % 4 = 0 ORDER BY i),
      description = concat_ws(' ', p.description, 'It has ' || ($2::text[])[1 + roll.h % $3] || ' and ' || ($2::text[])[1 + (roll.h / 13) % $3] || '.'),
      city = coalesce(p.city, nullif(btrim(reverse(split_part(reverse(p.location), ',', 1))), '')),
      area = CASE WHEN p.city IS NULL THEN nullif(btrim(reverse(split_part(reverse(p.location), ',', 2))), '') ELSE p.area END
    FROM roll WHERE roll.id = p.id`,
    [[...AMENITIES], PHRASES, PHRASES.length],
  );
  await pool.query('VACUUM (ANALYZE) properties');
}

export const KEYWORD_QUERY = `query KeywordProperties($filter: PropertyFilter) {
  verifiedProperties(filter: $filter, first: 24) {
    nodes { id title location thumbnail priceMin priceMax propertyType bedrooms amenities saleState agent { name image } }
    pageInfo { endCursor hasNextPage }
  }
  verifiedPropertyCount(filter: $filter) { count capped }
}`;

export interface KeywordFilter {
  keywords: string;
  amenities: string[];
  priceMin: string;
  priceMax: string;
  minBedrooms: number;
}

/** "garden" with parking, 2+ bedrooms, in the lower-middle price band: the buyer's common keyword search. */
export async function keywordFilter(pool: pg.Pool): Promise<KeywordFilter> {
  const { rows: [band] } = await pool.query<{ low: string; high: string }>(
    `SELECT round(percentile_cont(0.25) WITHIN GROUP (ORDER BY price_min))::text AS low, round(percentile_cont(0.75) WITHIN GROUP (ORDER BY price_min))::text AS high
     FROM properties WHERE status = 'verified' AND deleted_at IS NULL`,
  );
  return { keywords: 'garden', amenities: ['parking'], priceMin: band.low, priceMax: band.high, minBedrooms: 2 };
}

/** Throws unless every listing on the page is inside the filter; returns a one-line description. */
export function checkKeywordPage(data: Record<string, unknown>, filter: KeywordFilter): string {
  const { verifiedProperties: { nodes }, verifiedPropertyCount: total } = data as unknown as {
    verifiedProperties: { nodes: Array<{ priceMin: string; priceMax: string; bedrooms: number; amenities: string[] }> };
    verifiedPropertyCount: { count: number; capped: boolean };
  };
  const wrong = nodes.find((n) => Number(n.priceMax) < Number(filter.priceMin) || Number(n.priceMin) > Number(filter.priceMax) || n.bedrooms < filter.minBedrooms || !filter.amenities.every((a) => n.amenities.includes(a)));
  if (!nodes.length || wrong) throw new Error(`keyword scenario: unexpected page (${nodes.length} nodes${wrong ? `, one outside the filter: ${JSON.stringify(wrong)}` : ''})`);
  return `${nodes.length} listings, count ${total.count}${total.capped ? '+ (capped)' : ''}`;
}

export const SIMILAR_QUERY = `query SimilarHomes($id: ID!) {
  similarProperties(id: $id) { id title location thumbnail priceMin priceMax propertyType bedrooms amenities saleState agent { name image } }
}`;

/** The first listed home (by id) that has at least one similar home, as similar-homes.ts defines them. */
export async function similarHomesListing(pool: pg.Pool): Promise<string> {
  const listed = (p: string) => `${p}.status = 'verified' AND ${p}.deleted_at IS NULL AND ${p}.sale_state <> 'sold'`;
  const { rows: [row] } = await pool.query<{ id: string }>(`
    SELECT l.id FROM properties l
    WHERE ${listed('l')} AND l.area_key IS NOT NULL AND l.bedrooms IS NOT NULL AND EXISTS (
      SELECT 1 FROM properties o
      WHERE o.area_key = l.area_key AND o.property_type = l.property_type AND o.bedrooms BETWEEN l.bedrooms - 1 AND l.bedrooms + 1
        AND o.price_min <= l.price_max * 1.2 AND o.price_max >= l.price_min * 0.8 AND o.id <> l.id AND ${listed('o')})
    ORDER BY l.id LIMIT 1`);
  if (!row) throw new Error('similar homes scenario: no listed home has a similar one');
  return row.id;
}

export function checkSimilarHomes(data: Record<string, unknown>): string {
  const homes = data.similarProperties as unknown[];
  if (!homes.length || homes.length > 6) throw new Error(`similar homes scenario: expected 1 to 6 homes, got ${homes.length}`);
  return `${homes.length} similar homes`;
}
