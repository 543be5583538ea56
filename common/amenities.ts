// A listing's amenities (issue 19): structured facts from this one list. The
// form's checkboxes, the filter, the cards, the details page, the server's
// validation and the GraphQL enum Amenity (server/properties/properties.graphql,
// checked against this list by properties.unit.test.ts) all come from it.

import { labelsOf } from './labels';

export const AMENITIES = [
  'parking',
  'garage',
  'garden',
  'balcony',
  'terrace',
  'lift',
  'furnished',
  'pets_allowed',
  'air_conditioning',
  'swimming_pool',
  'gym',
  'security',
] as const;
export type AmenityValue = (typeof AMENITIES)[number];

export const AMENITY_LABELS = labelsOf(AMENITIES, { security: '24-hour security' });

export const isAmenity = (value: unknown): value is AmenityValue => typeof value === 'string' && (AMENITIES as readonly string[]).includes(value);

/** The listing's amenities in the list's order, each once (what is stored). */
export const orderedAmenities = (values: readonly AmenityValue[]): AmenityValue[] => AMENITIES.filter((amenity) => values.includes(amenity));

/** The keyword search's longest query: longer text is refused (BAD_USER_INPUT), never sent to PostgreSQL. */
export const KEYWORDS_MAX_LENGTH = 200;
