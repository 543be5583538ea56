// A listing's structured facts (issue 11), shared by the property form and the
// properties service. Which facts a listing needs depends on its type: land has
// no bedrooms, bathrooms or year built; homes need bedrooms and bathrooms.
import { array, mixed, number, object } from 'yup';
import { AMENITIES, type AmenityValue } from '../amenities';
import { AREA_UNITS, PROPERTY_TYPES, type AreaUnitValue, type PropertyTypeValue } from '../property-facts';

/** Homes: bedrooms and bathrooms are required. */
export const RESIDENTIAL_TYPES: readonly PropertyTypeValue[] = ['house', 'apartment', 'townhouse'];
export const MAX_ROOMS = 50;
export const MAX_FLOOR_AREA = 10_000_000;
export const EARLIEST_YEAR_BUILT = 1600;

export const TYPE_FIRST_MESSAGE = 'Choose a property type first';
export const BEDROOMS_REQUIRED_MESSAGE = 'Number of bedrooms is required';
export const BATHROOMS_REQUIRED_MESSAGE = 'Number of bathrooms is required';
export const LAND_NO_ROOMS_MESSAGE = 'Land has no bedrooms, bathrooms or year built';
export const FLOOR_AREA_REQUIRED_MESSAGE = 'Floor area is required';
export const AREA_UNIT_REQUIRED_MESSAGE = 'Choose the unit of the floor area';

const wholeNumber = (label: string, min: number, max: number) =>
  number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(`${label} must be a number`)
    .integer(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const latestYearBuilt = () => new Date().getUTCFullYear() + 5;

const typeOf = (context: { parent: { propertyType?: unknown } }) => context.parent.propertyType as PropertyTypeValue | undefined;

/** A fact homes need and land must not have. */
const roomCount = (label: string, requiredMessage: string) =>
  wholeNumber(label, 0, MAX_ROOMS)
    .test('needed-for-type', requiredMessage, function (value) {
      const type = typeOf(this);
      return value !== undefined || !type || !RESIDENTIAL_TYPES.includes(type);
    })
    .test('not-for-land', LAND_NO_ROOMS_MESSAGE, function (value) {
      return value === undefined || typeOf(this) !== 'land';
    });

/**
 * A listing may come without any facts (the spec's form and REST calls, and
 * listings from before facts existed: they stay empty until the agent fills
 * them in), but once it has a type, what that type needs is required.
 */
export const propertyFactsFields = {
    propertyType: mixed<PropertyTypeValue>()
      .transform((value: unknown) => (value === '' || value === null ? undefined : value))
      .oneOf([...PROPERTY_TYPES, undefined], 'Choose a property type from the list'),
    bedrooms: roomCount('Bedrooms', BEDROOMS_REQUIRED_MESSAGE),
    bathrooms: roomCount('Bathrooms', BATHROOMS_REQUIRED_MESSAGE),
    floorArea: wholeNumber('Floor area', 1, MAX_FLOOR_AREA)
      .test('needed-for-type', FLOOR_AREA_REQUIRED_MESSAGE, function (value) {
        return value !== undefined || !typeOf(this);
      })
      .test('type-first', TYPE_FIRST_MESSAGE, function (value) {
        return value === undefined || Boolean(typeOf(this));
      }),
    areaUnit: mixed<AreaUnitValue>()
      .transform((value: unknown) => (value === '' || value === null ? undefined : value))
      .oneOf([...AREA_UNITS, undefined], 'Choose square feet or square metres')
      .test('needed-with-area', AREA_UNIT_REQUIRED_MESSAGE, function (value) {
        return value !== undefined || this.parent.floorArea === undefined || this.parent.floorArea === null || this.parent.floorArea === '';
      }),
    yearBuilt: wholeNumber('Year built', EARLIEST_YEAR_BUILT, 9999)
      .test('not-future', 'Year built cannot be more than 5 years ahead', (value) => value === undefined || value <= latestYearBuilt())
      .test('not-for-land', LAND_NO_ROOMS_MESSAGE, function (value) {
        return value === undefined || typeOf(this) !== 'land';
      }),
};

/** The listing's amenities (issue 19): values of the one list, at most each once. */
export const amenitiesField = array(mixed<AmenityValue>().oneOf([...AMENITIES], 'Unknown amenity').defined())
  .max(AMENITIES.length, `Choose at most ${AMENITIES.length} amenities`)
  .test('each-once', 'Choose each amenity at most once', (values) => !values || new Set(values).size === values.length);

export const propertyFactsSchema = object({ ...propertyFactsFields, amenities: amenitiesField });

