// All Properties' first screen (app/first-screen.ts): the first page of cards,
// the count of matches and, for a search or filter, the "try without one
// filter" counts (shown when it finds fewer than 3), for the search, sort and
// filter in the URL. The page runs its queries with these same variables.
import type { FirstScreen } from '../app/first-screen-declaration';
import { filterFromParams, sortFromParam } from './listing-search-url';
import { VerifiedPropertiesDocument, VerifiedPropertyCountDocument, VerifiedPropertyRelaxationsDocument } from './properties.generated';

/** Server-side pages of 24 (the API's default; at most 48). */
export const PAGE_SIZE = 24;

/** The variables of the page's two queries for its URL's search parameters. */
export function allPropertiesVariables(params: URLSearchParams) {
  const search = (params.get('search') ?? '').trim() || undefined;
  const filter = filterFromParams(params);
  return {
    list: { search, sort: sortFromParam(params.get('sort')).sort, filter, first: PAGE_SIZE },
    count: { search, filter },
  };
}

export const firstScreen: FirstScreen = ({ search }) => {
  const { list, count } = allPropertiesVariables(search);
  return [
    { query: VerifiedPropertiesDocument, variables: list },
    { query: VerifiedPropertyCountDocument, variables: count },
    // Nothing set, nothing to relax (and no statement): only a search or filter asks.
    ...(count.search || Object.keys(count.filter).length ? [{ query: VerifiedPropertyRelaxationsDocument, variables: count }] : []),
  ];
};
