// The All Properties list and its capped count as SQL (issue 13). One builder
// gives both their conditions, so the count always agrees with the list.
//
// Why SQL and not findMany: a buyer's minimum price is an overlap condition
// (price_max >= minimum) that is correlated with the price sort. Walking
// (status, price_min, id) in price order, PostgreSQL first reads every cheap
// listing whose range ends below the minimum (about 200,000 of a million) to
// find 25. Split in two, each part has an index that starts where it should:
//   - price_min >= minimum: the overlap holds by itself; the price index scan
//     starts at the minimum;
//   - price_min < minimum <= price_max (the ranges that contain the minimum):
//     found through the GiST index on the listing's price range, or, in a
//     place, from the place's covering index alone (see `priceParts`).
// Both parts are read in the page's order and merged (UNION ALL, each
// LIMITed); PostgreSQL cannot turn an OR into such a plan, and Prisma's query
// builder cannot write the range condition.
import { DEFAULT_AREA_UNIT, floorAreaInSquareMetres } from '@opennest/common/property-facts';
import { normalizeMoney } from '@opennest/common/money';
import { Prisma, type Property as PropertyRecord } from '../generated/prisma/client';
import { type Db } from '../db/client';
import { PROPERTY_RECORD, readRecords, selectRecord } from '../db/records';
import { escapeLike } from '../shared/pagination';
import { PUBLIC_LISTING_SQL } from './listing-visibility';
import type { ValidPropertyFilter } from './properties.service';
import { placeOfFilter, type PlaceMatch } from './places';

export type ListingSort = 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC' | 'AREA_DESC' | 'RELEVANCE';

/** A validated cursor position: the last row's sort value and id. */
export type ListingPosition =
  | { sort: 'NEWEST'; createdAt: Date; id: string }
  | { sort: 'PRICE_ASC' | 'PRICE_DESC'; priceMin: string; id: string }
  /** floorAreaSqm null: the last row had no area (those rows come last). */
  | { sort: 'AREA_DESC'; floorAreaSqm: string | null; id: string }
  /** rank: the last row's ts_rank as PostgreSQL printed it (a real, which prints back exactly). */
  | { sort: 'RELEVANCE'; rank: string; id: string };

/** A listing row of the list; `relevance` (ts_rank as text) only under the RELEVANCE sort, for its cursor. */
export type ListingRow = PropertyRecord & { relevance?: string };

export interface ListingQuery {
  /** The trimmed location search ('' for none). */
  term: string;
  /** The place the search names (then the term is not a substring condition), or null. */
  termPlace?: PlaceMatch | null;
  filter: ValidPropertyFilter;
  sort: ListingSort;
  after: ListingPosition | null;
  /** Rows to read (the page size plus one, to learn whether another page follows). */
  limit: number;
  /**
   * The term is a substring (no place) that a large share of locations contain
   * (COMMON_TEXT_SHARE, location-text-share.ts): under a price sort with a
   * minimum, the part that contains the minimum matches it only on the rows its
   * other conditions find.
   */
  commonText?: boolean;
}

/**
 * The share of locations containing a search's text from which its trigram
 * index is not read for the ranges that contain the buyer's minimum. Measured
 * on a copy of the bench's million listings (the page's statement, median of
 * 10 to 20 runs one at a time, both plans): text in 48 % of the locations
 * ("road") took 98–112 ms with the index and 43–44 ms without; text in about
 * 4 % ("school road") 67 against 80 ms, 1 % or less 2 to 49 against 37 to
 * 67 ms. Between 4 and 48 % it was not measured.
 */
export const COMMON_TEXT_SHARE = 0.3;

/**
 * A listing's every column, as Property records (`readListingRows` reads them
 * through the driver, records.ts): Prisma's raw-query conversion of each value
 * was the app's largest cost that grows with the page (a full page of 24
 * against the 2 listings a small search finds).
 */
export function readListingRows<Row extends PropertyRecord>(db: Db, query: Prisma.Sql): Promise<Row[]> {
  return readRecords<PropertyRecord, Row>(db, PROPERTY_RECORD, query);
}

export const SELECT_LIST = selectRecord(PROPERTY_RECORD, 'p');

/**
 * What buyers may list: verified, not deleted, not by a fraud agent, sold ones
 * only when asked; narrowed by the location search and the filters. The
 * buyer's minimum price is left out: `priceParts` adds it.
 */
function conditions({ term, termPlace, filter }: Pick<ListingQuery, 'term' | 'termPlace' | 'filter'>): Prisma.Sql[] {
  const toSqm = (area: number) => new Prisma.Decimal(floorAreaInSquareMetres(area, filter.areaUnit ?? DEFAULT_AREA_UNIT)).toFixed(2);
  // publicListing (listing-visibility.ts): the partial price-range index is chosen on its constants.
  const where: Prisma.Sql[] = [PUBLIC_LISTING_SQL];
  if (!filter.includeSold) where.push(Prisma.sql`p.sale_state <> 'sold'`);
  if (termPlace) where.push(placeCondition(termPlace));
  else if (term) where.push(locationContains(Prisma.sql`p.location`, term));
  const place = placeOfFilter(filter.place);
  if (place) where.push(placeCondition(place));
  // Ranges overlap when each starts before the other ends (bounds inclusive).
  if (filter.priceMax !== undefined) where.push(Prisma.sql`p.price_min <= ${normalizeMoney(filter.priceMax)}::numeric`);
  if (filter.types?.length) where.push(Prisma.sql`p.property_type IN (${Prisma.join(filter.types.map((type) => Prisma.sql`${type}::"PropertyType"`))})`);
  if (filter.minBedrooms !== undefined) where.push(Prisma.sql`p.bedrooms >= ${filter.minBedrooms}`);
  if (filter.minBathrooms !== undefined) where.push(Prisma.sql`p.bathrooms >= ${filter.minBathrooms}`);
  if (filter.areaMin !== undefined) where.push(Prisma.sql`p.floor_area_sqm >= ${toSqm(filter.areaMin)}::numeric`);
  if (filter.areaMax !== undefined) where.push(Prisma.sql`p.floor_area_sqm <= ${toSqm(filter.areaMax)}::numeric`);
  // An open house not over that starts within 7 days (index open_houses(property_id, ends_at)).
  // Keywords: the stored vector's GIN index (migration 20261127120000_keyword_search).
  // websearch_to_tsquery never fails on syntax: stray operators are ignored, and
  // text with no words at all matches nothing.
  if (filter.keywords) where.push(Prisma.sql`p.search_vector @@ ${keywordQuery(filter.keywords)}`);
  // Has all of the chosen amenities (the GIN index on amenities).
  if (filter.amenities?.length) where.push(Prisma.sql`p.amenities @> ${filter.amenities}::text[]`);
  if (filter.openHouseSoon) where.push(Prisma.sql`EXISTS (SELECT 1 FROM open_houses oh WHERE oh.property_id = p.id AND oh.ends_at > now() AND oh.starts_at < now() + interval '7 days')`);
  return where;
}

/** A location containing the text (case-insensitive; the trigram index on location serves `p.location`). */
const locationContains = (location: Prisma.Sql, text: string) => Prisma.sql`${location} ILIKE ('%' || ${escapeLike(text)} || '%')`;

/** The key column of each kind of place (B-tree indexes with status and the sorts; migration 20261127100000_structured_address). */
const PLACE_KEY_COLUMNS = { area: 'area_key', city: 'city_key', district: 'district_key' } as const;

/** Listings in one of the places: an exact key, never a pattern. */
const placeCondition = ({ kind, keys }: PlaceMatch) =>
  keys.length === 1
    ? Prisma.sql`p.${Prisma.raw(PLACE_KEY_COLUMNS[kind])} = ${keys[0]}`
    : Prisma.sql`p.${Prisma.raw(PLACE_KEY_COLUMNS[kind])} IN (${Prisma.join(keys)})`;

/** The buyer's keywords as a text-search query, in the configured language (text-search-language.ts). */
const keywordQuery = (keywords: string) => Prisma.sql`websearch_to_tsquery(opennest_text_search_config(), ${keywords})`;

/** How well a listing matches the keywords (title words weigh most); only with keywords. */
const relevance = (keywords: string | undefined) => Prisma.sql`ts_rank(p.search_vector, ${keywordQuery(keywords ?? '')})`;

/**
 * The buyer's minimum price (price_max >= minimum) as alternatives that
 * together match exactly the same rows: one condition unless `split`, then
 * two parts, each with an index that starts at the minimum.
 *
 * The second part (the ranges that contain the minimum), in an area or a city
 * whose covering index holds every condition (`isCoveredByPlaceIndex`), leaves
 * the range out: the global GiST index would return the ranges of every
 * place (12,600 at a million listings, 6 ms to intersect with the place's).
 * The place's covering index (`(area_key | city_key, property_type, bedrooms,
 * price_min)` INCLUDE the other columns the common filter reads, and the id)
 * holds the rest, so `listingPageSql` takes the part's ids from it alone
 * (`idsFirst`) and reads the table only for those.
 */
function priceParts(filter: ValidPropertyFilter, split: boolean, coveredByPlaceIndex: boolean): Array<{ condition: Prisma.Sql; idsFirst: boolean; containsMinimum: boolean }> {
  if (filter.priceMin === undefined) return [{ condition: Prisma.empty, idsFirst: false, containsMinimum: false }];
  const minimum = normalizeMoney(filter.priceMin);
  if (!split) return [{ condition: Prisma.sql`AND p.price_max >= ${minimum}::numeric`, idsFirst: false, containsMinimum: false }];
  const containsMinimum = Prisma.sql`AND p.price_min < ${minimum}::numeric AND p.price_max >= ${minimum}::numeric`;
  return [
    { condition: Prisma.sql`AND p.price_min >= ${minimum}::numeric`, idsFirst: false, containsMinimum: false },
    coveredByPlaceIndex
      ? { condition: containsMinimum, idsFirst: true, containsMinimum: true }
      : {
          // The range expression is the index's (migration 20261124040000_listing_price_range);
          // greatest() keeps it valid for a row whose range is upside down.
          condition: Prisma.sql`${containsMinimum} AND numrange(p.price_min, greatest(p.price_min, p.price_max), '[]') @> ${minimum}::numeric`,
          idsFirst: false,
          containsMinimum: true,
        },
  ];
}

/** ORDER BY for a sort, on the table's columns (`p.`) or on the selected fields. */
function orderBy(sort: ListingSort, on: 'columns' | 'fields', keywords?: string): Prisma.Sql {
  const c = (column: keyof PropertyRecord & string) => Prisma.raw(on === 'columns' ? `p.${PROPERTY_RECORD.columns[column]}` : `"${column}"`);
  switch (sort) {
    case 'RELEVANCE':
      return on === 'columns' ? Prisma.sql`ORDER BY ${relevance(keywords)} DESC, p.id DESC` : Prisma.sql`ORDER BY "relevance"::real DESC, "id" DESC`;
    case 'AREA_DESC':
      return Prisma.sql`ORDER BY ${c('floorAreaSqm')} DESC NULLS LAST, ${c('id')} DESC`;
    case 'PRICE_ASC':
      return Prisma.sql`ORDER BY ${c('priceMin')} ASC, ${c('id')} ASC`;
    case 'PRICE_DESC':
      return Prisma.sql`ORDER BY ${c('priceMin')} DESC, ${c('id')} DESC`;
    default:
      return Prisma.sql`ORDER BY ${c('createdAt')} DESC, ${c('id')} DESC`;
  }
}

/**
 * Rows strictly after the cursor in the sort's order (ties broken by id). The
 * redundant outer bound lets PostgreSQL start the index scan at the cursor;
 * the OR alone makes it read and discard every earlier row.
 */
function keysetAfter(after: ListingPosition | null, keywords?: string): Prisma.Sql {
  if (!after) return Prisma.empty;
  const id = Prisma.sql`${after.id}::uuid`;
  switch (after.sort) {
    case 'RELEVANCE': {
      const rank = Prisma.sql`${after.rank}::real`;
      const of = relevance(keywords);
      return Prisma.sql`AND ${of} <= ${rank} AND (${of} < ${rank} OR (${of} = ${rank} AND p.id < ${id}))`;
    }
    case 'NEWEST': {
      const at = Prisma.sql`${after.createdAt}::timestamptz`;
      return Prisma.sql`AND p.created_at <= ${at} AND (p.created_at < ${at} OR (p.created_at = ${at} AND p.id < ${id}))`;
    }
    case 'PRICE_ASC': {
      const price = Prisma.sql`${after.priceMin}::numeric`;
      return Prisma.sql`AND p.price_min >= ${price} AND (p.price_min > ${price} OR (p.price_min = ${price} AND p.id > ${id}))`;
    }
    case 'PRICE_DESC': {
      const price = Prisma.sql`${after.priceMin}::numeric`;
      return Prisma.sql`AND p.price_min <= ${price} AND (p.price_min < ${price} OR (p.price_min = ${price} AND p.id < ${id}))`;
    }
    case 'AREA_DESC': {
      if (after.floorAreaSqm === null) return Prisma.sql`AND p.floor_area_sqm IS NULL AND p.id < ${id}`;
      const area = Prisma.sql`${after.floorAreaSqm}::numeric`;
      return Prisma.sql`AND (p.floor_area_sqm < ${area} OR (p.floor_area_sqm = ${area} AND p.id < ${id}) OR p.floor_area_sqm IS NULL)`;
    }
  }
}

export const FROM = Prisma.sql`FROM properties p JOIN users a ON a.id = p.agent_id`;

/** One page of listings (`limit` rows at most), in the sort's order. */
export function listingPageSql(query: ListingQuery): Prisma.Sql {
  const where = Prisma.join(conditions(query), ' AND ');
  const keywords = query.filter.keywords;
  const keyset = keysetAfter(query.after, keywords);
  // Only the price sorts walk an index whose order the minimum price is correlated with.
  const split = query.sort === 'PRICE_ASC' || query.sort === 'PRICE_DESC';
  const rank = query.sort === 'RELEVANCE' ? Prisma.sql`, ${relevance(keywords)}::text AS "relevance"` : Prisma.empty;
  const order = orderBy(query.sort, 'columns', keywords);
  const parts = priceParts(query.filter, split, isCoveredByPlaceIndex(query)).map(({ condition, idsFirst, containsMinimum }) => {
    if (idsFirst)
      // The page's ids first (an index-only scan can find them), then only those rows.
      return Prisma.sql`SELECT ${SELECT_LIST} ${rank} FROM properties p WHERE p.id = ANY (ARRAY(SELECT p.id ${FROM} WHERE ${where} ${condition} ${keyset} ${order} LIMIT ${query.limit})) ${order}`;
    if (containsMinimum && query.commonText && query.term && !query.termPlace) {
      // Common text: the ranges that contain the minimum with the other conditions' indexes,
      // then the text on those rows. OFFSET 0 keeps the text out of the inner scan: given it,
      // PostgreSQL ANDs the range index's bitmap with the trigram index's, which for text in
      // half of the locations ("road") took 60 of the statement's 93 ms at a million listings.
      const inner = Prisma.join(conditions({ ...query, term: '' }), ' AND ');
      return Prisma.sql`SELECT * FROM (SELECT ${SELECT_LIST} ${rank} ${FROM} WHERE ${inner} ${condition} ${keyset} OFFSET 0) AS p WHERE ${locationContains(Prisma.sql`p."location"`, query.term)} ${orderBy(query.sort, 'fields')} LIMIT ${query.limit}`;
    }
    return Prisma.sql`SELECT ${SELECT_LIST} ${rank} ${FROM} WHERE ${where} ${condition} ${keyset} ${order} LIMIT ${query.limit}`;
  });
  if (parts.length === 1) return parts[0];
  // Each part in the page's order, merged; parentheses keep each part's ORDER BY and LIMIT.
  return Prisma.sql`SELECT * FROM (${Prisma.join(parts.map((part) => Prisma.sql`(${part})`), ' UNION ALL ')}) AS p ${orderBy(query.sort, 'fields')} LIMIT ${query.limit}`;
}

/** How many listings match, counting stops at `cap` (a LIMITed scan, never all of them). */
export function listingCountSql(query: Pick<ListingQuery, 'term' | 'termPlace' | 'filter'>, cap: number): Prisma.Sql {
  const where = Prisma.join(conditions(query), ' AND ');
  const [price] = priceParts(query.filter, false, false);
  return Prisma.sql`SELECT count(*)::int AS count FROM (SELECT 1 ${FROM} WHERE ${where} ${price.condition} ${countOrder(query)} LIMIT ${cap}) AS capped`;
}

/**
 * The order a count reads its rows in: newest first, as the page is listed,
 * unless a place or a location text narrows the search (then a bitmap of that
 * index is cheaper than sorting its matches: 11 ms against 46 ms for a city at
 * a million listings).
 *
 * Without an order, the planner counts such a search with a LIMITed
 * sequential scan, or walks a price index from the cheapest listing (55 ms
 * for a price band at a million listings; 21 ms newest first); keywords have
 * no B-tree at all, and their GIN bitmap reads every match (375 ms for
 * "garden"). Under load PostgreSQL synchronizes sequential scans of a large
 * table: a new one starts where a running one is. Where the live rows sit in
 * one part of the table (after mass updates) it may first read hundreds of MB
 * of empty pages: the keyword count's p99 was 2.6 s at a million listings
 * with 10 connections, and 0.25 s walking the (status, created_at, id) index,
 * which reads live rows only.
 */
function countOrder(query: Pick<ListingQuery, 'term' | 'termPlace' | 'filter'>): Prisma.Sql {
  const narrowed = Boolean(query.term) || isInPlace(query);
  return query.filter.keywords || !narrowed ? orderBy('NEWEST', 'columns') : Prisma.empty;
}

/** Whether the search is narrowed to a known place (by the search box's text or the place filter): exact keys. */
const isInPlace = ({ termPlace, filter }: Pick<ListingQuery, 'termPlace' | 'filter'>) => Boolean(termPlace || placeOfFilter(filter.place));

/** The filters whose conditions read only what a place's covering index holds (its keys and INCLUDE columns). */
const FILTERS_A_PLACE_INDEX_COVERS = new Set<string>(['place', 'priceMin', 'priceMax', 'types', 'minBedrooms', 'includeSold', 'areaUnit']);

/** Whether a filter's value adds a condition (an unset, false or empty one adds none). */
const setsCondition = (value: unknown) => value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0);

/**
 * Whether every condition of the search can be checked in one place's covering
 * index (migration 20261129100000_place_price_part_covering): one area or city,
 * and no filter on what the index does not hold (bathrooms, floor area,
 * keywords, amenities, open houses, a location substring). Otherwise the
 * second price part keeps the range index: an index scan of the place would
 * visit the table for each of the place's listings below the minimum.
 */
export function isCoveredByPlaceIndex({ term, termPlace, filter }: Pick<ListingQuery, 'term' | 'termPlace' | 'filter'>): boolean {
  if (term && !termPlace) return false;
  const places = [termPlace, placeOfFilter(filter.place)].filter((place) => place !== null && place !== undefined);
  if (places.length !== 1 || (places[0].kind !== 'area' && places[0].kind !== 'city')) return false;
  return Object.entries(filter).every(([name, value]) => FILTERS_A_PLACE_INDEX_COVERS.has(name) || !setsCondition(value));
}

/**
 * The capped count of each filter in `without` left out of the query, in ONE
 * statement (a scalar subquery each, every one a LIMITed scan like
 * listingCountSql): All Properties' "relax one filter" suggestions.
 */
export function relaxedCountsSql(without: ReadonlyArray<{ name: string; relaxed: Pick<ListingQuery, 'term' | 'termPlace' | 'filter'> }>, cap: number): Prisma.Sql {
  const counts = without.map(({ name, relaxed }) => Prisma.sql`(${listingCountSql(relaxed, cap)}) AS ${Prisma.raw(`"${name.replace(/[^A-Za-z]/g, '')}"`)}`);
  return Prisma.sql`SELECT ${Prisma.join(counts, ', ')}`;
}
