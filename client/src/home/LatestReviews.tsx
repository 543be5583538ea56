/**
 * Slot for the home page's 'Latest User Reviews' section (spec section 2: a loading
 * indicator, then a two-column grid of review cards with the reviewer's photo and
 * name, 'Property: ' plus the property title, and the review text).
 *
 * The reviews feature fills this in; until then it renders nothing, so the home
 * page keeps its section order (placed after Statistics, before Newsletter).
 */
export function LatestReviews() {
  return null;
}
