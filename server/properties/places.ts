// Places (issue 19): areas, cities and postcode districts, kept in the places
// table by the triggers of 20261127100000_structured_address with a count of
// the homes buyers can find there. Two reads: suggestions as the buyer or agent
// types (trigram word similarity, GIN index places_name_trgm_idx), and the place
// that a search box's text names, if any (then the list filters by exact key,
// B-tree indexes; otherwise it falls back to a substring of the location).
import { parsePlaceFilter, placeFilterValue, placeKey, type PlaceKindValue } from '@opennest/common/address';
import { readRows, type Db } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import { escapeLike } from '../shared/pagination';
import { SEARCH_MAX_LENGTH } from './properties.service';

export interface PlaceSuggestion {
  kind: PlaceKindValue;
  name: string;
  within: string | null;
  countryCode: string | null;
  listedCount: number;
  filter: string;
}

/** Listings in any of these places of one kind (a term may name the same area in two cities). */
export interface PlaceMatch {
  kind: PlaceKindValue;
  keys: string[];
}

export const MAX_PLACE_SUGGESTIONS = 10;

/** Text worth looking up: trimmed, at most SEARCH_MAX_LENGTH, with a letter or digit, no NUL. Else null (nothing is suggested). */
function lookupText(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length > SEARCH_MAX_LENGTH || !/[\p{L}\p{N}]/u.test(trimmed) || trimmed.includes('\u0000')) return null;
  return trimmed;
}

/** Places with listed homes whose name is like `text`: names starting with it first, then by word similarity, then by size. */
export async function placeSuggestions(db: Db, text: string, first?: number | null): Promise<PlaceSuggestion[]> {
  const term = lookupText(text);
  if (term === null) return [];
  const limit = Math.min(Math.max(first ?? 8, 1), MAX_PLACE_SUGGESTIONS);
  // Through the driver (readRows): the search box asks on every pause in typing.
  const rows = await readRows<Omit<PlaceSuggestion, 'filter'> & { key: string }>(
    db,
    Prisma.sql`
    SELECT kind::text AS kind, key, name, within, country_code AS "countryCode", listed_count AS "listedCount"
    FROM places
    WHERE listed_count > 0 AND (${term} <% name OR name ILIKE (${escapeLike(term)} || '%'))
    ORDER BY name ILIKE (${escapeLike(term)} || '%') DESC, word_similarity(${term}, name) DESC, listed_count DESC, kind, key
    LIMIT ${limit}`,
  );
  return rows.map(({ key, ...place }) => ({ ...place, filter: placeFilterValue(place.kind, key) }));
}

const KIND_ORDER: PlaceKindValue[] = ['city', 'area', 'district'];

/** The place the search text names exactly (a city, else areas of that name, else a district), or null. */
export async function placeSearch(db: Db, text: string): Promise<PlaceMatch | null> {
  const term = lookupText(text);
  const key = term === null ? null : placeKey(term);
  if (key === null) return null;
  // Through the driver (readRows): every search asks.
  const rows = await readRows<{ kind: PlaceKindValue; key: string }>(db, Prisma.sql`SELECT kind::text AS kind, key FROM places WHERE listed_count > 0 AND lower(name) = ${key}`);
  for (const kind of KIND_ORDER) {
    const keys = rows.filter((row) => row.kind === kind).map((row) => row.key);
    if (keys.length) return { kind, keys };
  }
  return null;
}

/** The PlaceMatch of a validated PropertyFilter.place value. */
export function placeOfFilter(value: string | undefined): PlaceMatch | null {
  const place = value === undefined ? null : parsePlaceFilter(value);
  return place ? { kind: place.kind, keys: [place.key] } : null;
}
