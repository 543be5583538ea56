// Similar homes (issue 19, part 4): what the details page shows next. Up to 6
// listings buyers can see (publicListing), not sold, of the same type, with
// bedrooms within one, whose price range overlaps the listing's widened by 20 %
// each way; from the same area first, then from the rest of the same city;
// nearest in price first.
//
// One statement whose work does not grow with the place. "Nearest price" is an
// expression no index is ordered by, so sorting by it reads every candidate of
// the area or city (about 3,400 at a million listings). Instead, for each
// bedroom count, two walks of the index (area_key, property_type, bedrooms,
// price_min) start at the listing's price, one up and one down, each stopping
// after 6 homes; the 6 nearest of all lie among those walks. The rest of the
// city walks (city_key, ...) the same way (migration 20261127130000_similar_homes).
import { Prisma, type Property as PropertyRecord } from '../generated/prisma/client';
import { PUBLIC_LISTING_SQL } from './listing-visibility';
import { SELECT_LIST } from './verified-listings-sql';

export const SIMILAR_HOMES = 6;

/**
 * FROM for a walk: the listing with its agent's role (PUBLIC_LISTING_SQL reads
 * `a.role`) as a sub-select per row, not a join. Joined, the planner may hash
 * the users and sort the walk's every candidate (61 a walk in a city at a
 * million listings, 0.7 of the statement's 1.1 ms) instead of stopping after
 * the first 6 in the index's order; a sub-select leaves it only that walk.
 */
const WALK_FROM = Prisma.sql`FROM properties p CROSS JOIN LATERAL (SELECT (SELECT u.role FROM users u WHERE u.id = p.agent_id) AS role) a`;
/** How far a similar home's price range may lie beyond the listing's, each way. */
export const SIMILAR_PRICE_MARGIN = 0.2;

type Listing = Pick<PropertyRecord, 'id' | 'areaKey' | 'cityKey' | 'propertyType' | 'bedrooms' | 'priceMin' | 'priceMax'>;

/** The statement, or null when nothing can be similar (a listing without a type or a city). */
export function similarHomesSql(listing: Listing, limit = SIMILAR_HOMES): Prisma.Sql | null {
  if (!listing.propertyType || !listing.cityKey) return null;
  const low = listing.priceMin.mul(1 - SIMILAR_PRICE_MARGIN).toFixed(2);
  const high = listing.priceMax.mul(1 + SIMILAR_PRICE_MARGIN).toFixed(2);
  const alike = Prisma.sql`${PUBLIC_LISTING_SQL} AND p.sale_state <> 'sold' AND p.id <> ${listing.id}::uuid
    AND p.property_type = ${listing.propertyType}::"PropertyType"
    AND p.price_min <= ${high}::numeric AND p.price_max >= ${low}::numeric`;
  const price = Prisma.sql`${listing.priceMin.toFixed(2)}::numeric`;
  // Up from the price (distance price_min - price) and down from it (price - price_min);
  // equal distances in id order, as the merge below orders them.
  const directions = [
    { from: Prisma.sql`p.price_min >= ${price}`, order: Prisma.sql`p.price_min ASC, p.id ASC`, distance: Prisma.sql`p.price_min - ${price}` },
    { from: Prisma.sql`p.price_min < ${price}`, order: Prisma.sql`p.price_min DESC, p.id ASC`, distance: Prisma.sql`${price} - p.price_min` },
  ];
  // A walk is one bedroom count's run of the index, so each count is a LATERAL
  // part of its own (a listing without bedrooms: the others without, one run).
  const walk = (tier: number, place: Prisma.Sql, { from, order, distance }: (typeof directions)[number], bedrooms: Prisma.Sql) =>
    Prisma.sql`SELECT ${SELECT_LIST}, ${Prisma.raw(String(tier))} AS tier, ${distance} AS distance ${WALK_FROM}
      WHERE ${place} AND ${alike} AND ${bedrooms} AND ${from} ORDER BY ${order} LIMIT ${limit}`;
  const walks = (tier: number, place: Prisma.Sql) =>
    directions.map((direction) =>
      listing.bedrooms === null
        ? Prisma.sql`(${walk(tier, place, direction, Prisma.sql`p.bedrooms IS NULL`)})`
        : Prisma.sql`(SELECT near.* FROM unnest(ARRAY[${listing.bedrooms - 1}, ${listing.bedrooms}, ${listing.bedrooms + 1}]::int[]) AS rooms(n)
            CROSS JOIN LATERAL (${walk(tier, place, direction, Prisma.sql`p.bedrooms = rooms.n`)}) AS near)`,
    );
  const parts = [
    ...(listing.areaKey ? walks(0, Prisma.sql`p.area_key = ${listing.areaKey}`) : []),
    // The rest of the city: other areas, and listings of the city without an area.
    ...walks(1, listing.areaKey ? Prisma.sql`p.city_key = ${listing.cityKey} AND p.area_key IS DISTINCT FROM ${listing.areaKey}` : Prisma.sql`p.city_key = ${listing.cityKey}`),
  ];
  return Prisma.sql`SELECT * FROM (${Prisma.join(parts, ' UNION ALL ')}) AS alike_homes ORDER BY tier, distance, id LIMIT ${limit}`;
}
