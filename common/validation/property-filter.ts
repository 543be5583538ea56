// The All Properties filters (issue 11): the page reads them from its URL and
// the server checks them with the same rules before they reach SQL.
import { array, boolean, mixed, number, object, string } from 'yup';
import { isMoney, moneyText, toCents } from '../money';
import { AMENITIES, KEYWORDS_MAX_LENGTH, type AmenityValue } from '../amenities';
import { AREA_UNITS, PROPERTY_TYPES, type AreaUnitValue, type PropertyTypeValue } from '../property-facts';
import { MAX_FLOOR_AREA, MAX_ROOMS } from './property-facts';
import { parsePlaceFilter } from '../address';

export const PLACE_FILTER_MESSAGE = 'Choose a place from the suggestions';

export const PRICE_RANGE_MESSAGE = 'The highest price must be at least the lowest';
export const AREA_RANGE_MESSAGE = 'The largest area must be at least the smallest';

const optionalAmount = (label: string) =>
  string()
    .transform((_value, original) => (original === '' || original === null || original === undefined ? undefined : moneyText(original)))
    .test('amount-format', `${label} must be an amount with at most 12 digits and 2 decimals`, (value) => value === undefined || isMoney(value));

const optionalCount = (label: string, max: number) =>
  number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(`${label} must be a number`)
    .integer(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(max, `${label} must be at most ${max}`);

export const propertyFilterSchema = object({
  priceMin: optionalAmount('Lowest price'),
  priceMax: optionalAmount('Highest price').test('range', PRICE_RANGE_MESSAGE, function (value) {
    const min: unknown = this.parent.priceMin;
    return value === undefined || !isMoney(value) || !isMoney(min) || toCents(value) >= toCents(min);
  }),
  types: array(mixed<PropertyTypeValue>().oneOf([...PROPERTY_TYPES], 'Unknown property type').defined()).max(PROPERTY_TYPES.length),
  minBedrooms: optionalCount('Bedrooms', MAX_ROOMS),
  minBathrooms: optionalCount('Bathrooms', MAX_ROOMS),
  areaMin: optionalCount('Smallest area', MAX_FLOOR_AREA),
  areaMax: optionalCount('Largest area', MAX_FLOOR_AREA).test('range', AREA_RANGE_MESSAGE, function (value) {
    const min: unknown = this.parent.areaMin;
    return value === undefined || typeof min !== 'number' || value >= min;
  }),
  areaUnit: mixed<AreaUnitValue>().oneOf([...AREA_UNITS, undefined], 'Choose square feet or square metres'),
  includeSold: boolean(),
  /** Only listings with an open house in the next 7 days (issue 20). */
  openHouseSoon: boolean(),
  /** One place (issue 19): "area:<city>/<area>", "city:<city>" or "district:<CC> <district>", as the place suggestions give it. */
  place: string().test('place-key', PLACE_FILTER_MESSAGE, (value) => value === undefined || parsePlaceFilter(value) !== null),
  /**
   * Words to find in the title, description and amenities (issue 19), in web
   * search syntax ("quoted phrase", -excluded, or); blank means no keyword filter.
   */
  keywords: string()
    .transform((value: string) => (value.trim() === '' ? undefined : value.trim()))
    .max(KEYWORDS_MAX_LENGTH, `Keywords must be at most ${KEYWORDS_MAX_LENGTH} characters`)
    .test('no-nul', 'Keywords must not contain NUL characters', (value) => value === undefined || !value.includes('\u0000')),
  /** Listings that have all of these amenities (empty: no amenity filter). */
  amenities: array(mixed<AmenityValue>().oneOf([...AMENITIES], 'Unknown amenity').defined()).max(AMENITIES.length, `Choose at most ${AMENITIES.length} amenities`),
});
