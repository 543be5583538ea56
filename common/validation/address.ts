// The structured address's rules (issue 19), shared by the listing form and the
// properties service: required parts, the country as an ISO 3166-1 alpha-2 code,
// the postcode's length and format (per country where it has one), and the
// optional coordinates' ranges.
import { number, object, string } from 'yup';
import { isCountryCode } from '../countries';

export const STREET_LINE_MAX_LENGTH = 120;
export const PLACE_NAME_MAX_LENGTH = 80;
export const POSTCODE_MAX_LENGTH = 12;

export const STREET_LINE_REQUIRED_MESSAGE = 'Street address is required';
export const CITY_REQUIRED_MESSAGE = 'City is required';
export const POSTCODE_REQUIRED_MESSAGE = 'Postcode is required';
export const COUNTRY_REQUIRED_MESSAGE = 'Country is required';
export const COUNTRY_CODE_MESSAGE = 'Choose a country from the list';
export const POSTCODE_LENGTH_MESSAGE = `Postcode must be at most ${POSTCODE_MAX_LENGTH} characters`;
export const POSTCODE_FORMAT_MESSAGE = 'Enter a valid postcode for the country';
export const LATITUDE_RANGE = 'Latitude must be between -90 and 90';
export const LONGITUDE_RANGE = 'Longitude must be between -180 and 180';
export const COORDINATES_BOTH_MESSAGE = 'Give both latitude and longitude, or neither';

/** Postcode formats of the countries that have a well-known one; others: letters, digits, spaces and hyphens. */
export const POSTCODE_FORMATS: Readonly<Record<string, RegExp>> = {
  GB: /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i,
  US: /^[0-9]{5}(-[0-9]{4})?$/,
  BD: /^[0-9]{4}$/,
  IN: /^[0-9]{6}$/,
  DE: /^[0-9]{5}$/,
  FR: /^[0-9]{5}$/,
  ES: /^[0-9]{5}$/,
  IT: /^[0-9]{5}$/,
  NL: /^[0-9]{4} ?[A-Z]{2}$/i,
  CA: /^[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]$/i,
  AU: /^[0-9]{4}$/,
  IE: /^[A-Z][0-9][0-9W] ?[A-Z0-9]{4}$/i,
};
const ANY_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** Whether `postcode` has the format of `countryCode`'s postcodes (any plausible one when the country has no known format). */
export function isPostcodeOf(postcode: string, countryCode: string | null | undefined): boolean {
  const format = (countryCode && POSTCODE_FORMATS[countryCode]) || ANY_POSTCODE;
  return format.test(postcode.trim());
}

const text = (max: number, label: string) => string().trim().max(max, `${label} must be at most ${max} characters`);

/** -90..90 or -180..180; '' and null are "not given". */
const coordinate = (label: string, limit: number, message: string) =>
  number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(`${label} must be a number`)
    .min(-limit, message)
    .max(limit, message);

export const addressFields = {
  streetLine: text(STREET_LINE_MAX_LENGTH, 'Street address').required(STREET_LINE_REQUIRED_MESSAGE),
  area: text(PLACE_NAME_MAX_LENGTH, 'Area').optional(),
  city: text(PLACE_NAME_MAX_LENGTH, 'City').required(CITY_REQUIRED_MESSAGE),
  postcode: string()
    .trim()
    .required(POSTCODE_REQUIRED_MESSAGE)
    .max(POSTCODE_MAX_LENGTH, POSTCODE_LENGTH_MESSAGE)
    .test('postcode-format', POSTCODE_FORMAT_MESSAGE, function (value) {
      return value === undefined || value.length > POSTCODE_MAX_LENGTH || isPostcodeOf(value, this.parent.countryCode as string | undefined);
    }),
  countryCode: string()
    .trim()
    .transform((value: string) => value.toUpperCase())
    .required(COUNTRY_REQUIRED_MESSAGE)
    .test('iso-country', COUNTRY_CODE_MESSAGE, (value) => value === undefined || isCountryCode(value)),
  latitude: coordinate('Latitude', 90, LATITUDE_RANGE).test('both-coordinates', COORDINATES_BOTH_MESSAGE, function (value) {
    return (value === undefined || value === null) === (this.parent.longitude === undefined || this.parent.longitude === null || this.parent.longitude === '');
  }),
  longitude: coordinate('Longitude', 180, LONGITUDE_RANGE),
};

/** A complete structured address (the listing form's address section, and the service). */
export const addressSchema = object(addressFields);
