// The All Properties page's state as it lives in the URL, in one place: the
// page reads and writes it, and saved searches link to it.
//   ?search=dhaka&sort=price-asc&price-min=100000&price-max=250000&type=house&type=townhouse
//    &beds=3&baths=2&area-min=80&area-max=200&unit=sq_m&sold=1&open-house=1
//    &place=area:dhaka/gulshan&place-name=Gulshan,+Dhaka (a place picked in the search box)
//    &keywords=garden&amenity=parking&amenity=lift
// Values the page could not have written (letters for a number, an unknown
// type) are ignored, so a mangled link still opens the page.
import { AREA_UNITS, PROPERTY_TYPES, type AreaUnitValue, type PropertyTypeValue } from '@opennest/common/property-facts';
import { parsePlaceFilter } from '@opennest/common/address';
import { AMENITIES, KEYWORDS_MAX_LENGTH } from '@opennest/common/amenities';
import type { PropertyFilter, PropertySort } from './properties.generated';

/** The sort as it appears in the URL (?sort=price-asc) and as the API names it. */
export const SORTS: Array<{ param: string; sort: PropertySort; label: string }> = [
  { param: '', sort: 'NEWEST', label: 'Newest first' },
  { param: 'price-asc', sort: 'PRICE_ASC', label: 'Price: low to high' },
  { param: 'price-desc', sort: 'PRICE_DESC', label: 'Price: high to low' },
  { param: 'area-desc', sort: 'AREA_DESC', label: 'Largest area first' },
  { param: 'relevance', sort: 'RELEVANCE', label: 'Most relevant (keywords)' },
];

export const sortFromParam = (param: string | null) => SORTS.find((option) => option.param && option.param === param) ?? SORTS[0];
export const sortOptionOf = (sort: PropertySort) => SORTS.find((option) => option.sort === sort) ?? SORTS[0];

/** The filter's URL parameters, and which are numbers. */
const NUMBER_PARAMS = { minBedrooms: 'beds', minBathrooms: 'baths', areaMin: 'area-min', areaMax: 'area-max' } as const;
const MONEY_PARAMS = { priceMin: 'price-min', priceMax: 'price-max' } as const;
/** Every parameter the filter owns (cleared before a new filter is written). */
export const FILTER_PARAMS = ['type', 'unit', 'sold', 'open-house', 'keywords', 'amenity', ...Object.values(NUMBER_PARAMS), ...Object.values(MONEY_PARAMS)];

const WHOLE = /^\d{1,8}$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** The filter the URL describes (only what it sets; an empty object for none). */
export function filterFromParams(params: URLSearchParams): PropertyFilter {
  const filter: PropertyFilter = {};
  for (const [key, param] of Object.entries(MONEY_PARAMS)) {
    const value = params.get(param);
    if (value && MONEY.test(value)) filter[key as keyof typeof MONEY_PARAMS] = value;
  }
  for (const [key, param] of Object.entries(NUMBER_PARAMS)) {
    const value = params.get(param);
    if (value && WHOLE.test(value)) filter[key as keyof typeof NUMBER_PARAMS] = Number(value);
  }
  const types = params.getAll('type').filter((type): type is PropertyTypeValue => (PROPERTY_TYPES as readonly string[]).includes(type));
  if (types.length) filter.types = [...new Set(types)];
  const unit = params.get('unit');
  if (unit && (AREA_UNITS as readonly string[]).includes(unit)) filter.areaUnit = unit as AreaUnitValue;
  if (params.get('sold') === '1') filter.includeSold = true;
  if (params.get('open-house') === '1') filter.openHouseSoon = true;
  const place = params.get('place');
  if (place && parsePlaceFilter(place)) filter.place = place;
  const keywords = params.get('keywords')?.trim();
  if (keywords) filter.keywords = keywords.slice(0, KEYWORDS_MAX_LENGTH);
  const amenities = AMENITIES.filter((amenity) => params.getAll('amenity').includes(amenity));
  if (amenities.length) filter.amenities = amenities;
  return filter;
}

/** Writes `filter` into `params` (replacing whatever filter was there). */
export function writeFilterParams(params: URLSearchParams, filter: PropertyFilter): URLSearchParams {
  for (const param of FILTER_PARAMS) params.delete(param);
  for (const [key, param] of [...Object.entries(MONEY_PARAMS), ...Object.entries(NUMBER_PARAMS)]) {
    const value = filter[key as keyof PropertyFilter];
    if (value !== undefined && value !== null && value !== '') params.set(param, String(value));
  }
  for (const type of filter.types ?? []) params.append('type', type);
  if (filter.areaUnit && (filter.areaMin != null || filter.areaMax != null)) params.set('unit', filter.areaUnit);
  if (filter.includeSold) params.set('sold', '1');
  if (filter.openHouseSoon) params.set('open-house', '1');
  // The place belongs to the search box, not the filter panel: written when given, kept otherwise.
  if (filter.place) params.set('place', filter.place);
  if (filter.keywords?.trim()) params.set('keywords', filter.keywords.trim());
  for (const amenity of filter.amenities ?? []) params.append('amenity', amenity);
  return params;
}

/** How many filters of the Filters panel are set (for its button's label; the keywords have their own box). */
export const activeFilterCount = (filter: PropertyFilter) =>
  [filter.priceMin ?? filter.priceMax, filter.types?.length ? true : undefined, filter.amenities?.length ? true : undefined, filter.minBedrooms, filter.minBathrooms, filter.areaMin ?? filter.areaMax, filter.includeSold || undefined, filter.openHouseSoon || undefined].filter(
    (value) => value !== undefined && value !== null,
  ).length;

/** The All Properties page for a search, sort and filter (saved searches' "Run now"). */
export function allPropertiesLink({ search, sort, filter, placeName }: { search: string; sort: PropertySort; filter?: PropertyFilter | null; placeName?: string }) {
  const params = new URLSearchParams();
  if (placeName && filter?.place) params.set('place-name', placeName);
  if (search) params.set('search', search);
  const sortParam = sortOptionOf(sort).param;
  if (sortParam) params.set('sort', sortParam);
  if (filter) writeFilterParams(params, filter);
  const query = params.toString();
  return `/allProperties${query ? `?${query}` : ''}`;
}

