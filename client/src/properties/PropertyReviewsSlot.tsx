import type { PropertyDetailsFieldsFragment } from '../graphql/generated';

/**
 * Slot for the property's reviews under the details (spec section 2: the list,
 * 'No reviews yet.' when empty, and an Add a Review modal with a textarea,
 * Cancel and Submit). The reviews feature fills it in; until then it renders
 * nothing. It receives the property being shown.
 */
export function PropertyReviewsSlot(_props: { property: PropertyDetailsFieldsFragment }) {
  return null;
}
