// Similar homes (issue 19, part 4): what the details page shows next. Up to 6
// listings buyers can see (publicListing), not sold, of the same type, with
// bedrooms within one, whose price range overlaps the listing's widened by 20 %
// each way; from the same area first, then from the rest of the same city;
// nearest in price first. One statement: two index-backed parts (the indexes
// (area_key, property_type, bedrooms, price_min) and (city_key, ...), migration
// 20261127130000_similar_homes), each LIMITed, merged.
import { Prisma, type Property as PropertyRecord } from '../generated/prisma/client';
import { PUBLIC_LISTING_SQL } from './listing-visibility';
import { FROM, SELECT_LIST } from './verified-listings-sql';

export const SIMILAR_HOMES = 6;
/** How far a similar home's price range may lie beyond the listing's, each way. */
export const SIMILAR_PRICE_MARGIN = 0.2;

type Listing = Pick<PropertyRecord, 'id' | 'areaKey' | 'cityKey' | 'propertyType' | 'bedrooms' | 'priceMin' | 'priceMax'>;

/** The statement, or null when nothing can be similar (a listing without a type or a city). */
export function similarHomesSql(listing: Listing, limit = SIMILAR_HOMES): Prisma.Sql | null {
  if (!listing.propertyType || !listing.cityKey) return null;
  const low = listing.priceMin.mul(1 - SIMILAR_PRICE_MARGIN).toFixed(2);
  const high = listing.priceMax.mul(1 + SIMILAR_PRICE_MARGIN).toFixed(2);
  const bedrooms =
    listing.bedrooms === null ? Prisma.sql`p.bedrooms IS NULL` : Prisma.sql`p.bedrooms BETWEEN ${listing.bedrooms - 1} AND ${listing.bedrooms + 1}`;
  const alike = Prisma.sql`${PUBLIC_LISTING_SQL} AND p.sale_state <> 'sold' AND p.id <> ${listing.id}::uuid
    AND p.property_type = ${listing.propertyType}::"PropertyType" AND ${bedrooms}
    AND p.price_min <= ${high}::numeric AND p.price_max >= ${low}::numeric`;
  const nearestPrice = Prisma.sql`abs(p.price_min - ${listing.priceMin.toFixed(2)}::numeric)`;
  const part = (tier: number, place: Prisma.Sql) =>
    Prisma.sql`(SELECT ${SELECT_LIST}, ${Prisma.raw(String(tier))} AS tier, ${nearestPrice} AS distance ${FROM} WHERE ${place} AND ${alike} ORDER BY ${nearestPrice}, p.id LIMIT ${limit})`;
  const parts = [
    ...(listing.areaKey ? [part(0, Prisma.sql`p.area_key = ${listing.areaKey}`)] : []),
    // The rest of the city: other areas, and listings of the city without an area.
    part(1, listing.areaKey ? Prisma.sql`p.city_key = ${listing.cityKey} AND p.area_key IS DISTINCT FROM ${listing.areaKey}` : Prisma.sql`p.city_key = ${listing.cityKey}`),
  ];
  return Prisma.sql`SELECT * FROM (${Prisma.join(parts, ' UNION ALL ')}) AS alike_homes ORDER BY tier, distance, id LIMIT ${limit}`;
}
