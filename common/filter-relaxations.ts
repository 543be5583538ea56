// All Properties' "relax one filter" suggestions (issue 19, part 4): when a
// search finds fewer than RELAX_BELOW listings, each filter it sets is left
// out in turn and counted. One table for the server (which filter fields to
// drop before counting) and the client (the suggestion's words and its link).

/** Suggestions appear when a search finds fewer listings than this. */
export const RELAX_BELOW = 3;

/** A filter the buyer can relax, by name (the GraphQL enum RelaxableFilter). */
export const RELAXABLE_FILTERS = {
  // The typed location and a place picked from the suggestions are one filter to the buyer.
  LOCATION: { label: 'the location', fields: ['search', 'place'] },
  KEYWORDS: { label: 'the keywords', fields: ['keywords'] },
  PRICE: { label: 'the price range', fields: ['priceMin', 'priceMax'] },
  TYPES: { label: 'the property type', fields: ['types'] },
  BEDROOMS: { label: 'the bedrooms', fields: ['minBedrooms'] },
  BATHROOMS: { label: 'the bathrooms', fields: ['minBathrooms'] },
  AREA: { label: 'the floor area', fields: ['areaMin', 'areaMax', 'areaUnit'] },
  AMENITIES: { label: 'the amenities', fields: ['amenities'] },
  OPEN_HOUSE: { label: 'open houses only', fields: ['openHouseSoon'] },
} as const satisfies Record<string, { label: string; fields: readonly string[] }>;

export type RelaxableFilterName = keyof typeof RELAXABLE_FILTERS;
export const RELAXABLE_FILTER_NAMES = Object.keys(RELAXABLE_FILTERS) as RelaxableFilterName[];

/** Whether a search (its location term and filter) sets any of `name`'s fields. */
export function setsFilter(search: { search?: string | null } & Record<string, unknown>, name: RelaxableFilterName): boolean {
  return RELAXABLE_FILTERS[name].fields.some((field) => {
    const value = search[field];
    if (field === 'areaUnit') return false; // a unit alone filters nothing
    return value !== undefined && value !== null && value !== '' && value !== false && !(Array.isArray(value) && value.length === 0);
  });
}

/** The search without filter `name` (its fields dropped). */
export function withoutFilter<T extends Record<string, unknown>>(search: T, name: RelaxableFilterName): T {
  const copy: Record<string, unknown> = { ...search };
  for (const field of RELAXABLE_FILTERS[name].fields) delete copy[field];
  return copy as T;
}
