import type { PropertyDetailsFieldsFragment } from '../graphql/generated';

/**
 * Slot for the 'Add to Wishlist' button on the property details page (spec
 * section 2). The buying feature (wishlist, offers, payment) fills it in; until
 * then it renders nothing. It receives the property being shown.
 */
export function PropertyWishlistSlot(_props: { property: PropertyDetailsFieldsFragment }) {
  return null;
}
