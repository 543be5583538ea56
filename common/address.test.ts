// The structured address's shared rules and helpers (issue 19), as the form and the service use them.
import { addressLine, parsePlaceFilter, placeKey, postcodeDistrict, splitLocation } from './address';
import { addressSchema, COUNTRY_CODE_MESSAGE, LATITUDE_RANGE, POSTCODE_FORMAT_MESSAGE, POSTCODE_LENGTH_MESSAGE } from './validation/address';
import { COUNTRY_CODES, isCountryCode } from './countries';

const valid = { streetLine: '12 Lake Road', area: 'Gulshan', city: 'Dhaka', postcode: '1212', countryCode: 'bd' };
const errorsOf = async (input: object) => {
  try {
    await addressSchema.validate(input, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('address rules', () => {
  it('accepts a complete address (country in any case) and refuses bad parts with the shared messages', async () => {
    expect(await errorsOf(valid)).toEqual([]);
    expect((await addressSchema.validate(valid)).countryCode).toBe('BD');
    expect(await errorsOf({ ...valid, countryCode: 'XX' })).toEqual([COUNTRY_CODE_MESSAGE]);
    expect(await errorsOf({ ...valid, postcode: '1'.repeat(13) })).toEqual([POSTCODE_LENGTH_MESSAGE]);
    expect(await errorsOf({ ...valid, postcode: 'NW1 6XE' })).toEqual([POSTCODE_FORMAT_MESSAGE]);
    expect(await errorsOf({ ...valid, countryCode: 'GB', postcode: 'nw1 6xe' })).toEqual([]);
    expect(await errorsOf({ ...valid, latitude: 91, longitude: 0 })).toEqual([LATITUDE_RANGE]);
    expect(await errorsOf({ ...valid, latitude: -90, longitude: 180 })).toEqual([]);
  });

  it('knows the 249 assigned ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(['BD', 'GB', 'US', 'ZW'].every(isCountryCode)).toBe(true);
    expect(['UK', 'bd', 'XX', ''].some(isCountryCode)).toBe(false);
  });
});

describe('address helpers', () => {
  it('make the display line, keys and districts', () => {
    expect(addressLine({ streetLine: ' 12  Lake Road', area: null, city: 'Dhaka', postcode: '1212' })).toBe('12 Lake Road, Dhaka 1212');
    expect(placeKey('  Cox’s   Bazar ')).toBe('cox’s bazar');
    expect(placeKey('   ')).toBeNull();
    expect(postcodeDistrict('nw1 6xe', 'GB')).toBe('GB NW1');
    expect(postcodeDistrict('SW1A1AA', 'GB')).toBe('GB SW1A');
    expect(postcodeDistrict('10001-1234', 'US')).toBe('US 10001');
    expect(postcodeDistrict('1212', null)).toBeNull();
  });

  it('split a free-text location best-effort', () => {
    expect(splitLocation('Flat 2, 5 High St, Camden, London NW1 8QL')).toEqual({ streetLine: 'Flat 2, 5 High St', area: 'Camden', city: 'London', postcode: 'NW1 8QL', countryCode: 'GB' });
    expect(splitLocation('Gulshan, Dhaka')).toEqual({ streetLine: null, area: 'Gulshan', city: 'Dhaka', postcode: null, countryCode: null });
    expect(splitLocation('Dhaka')).toEqual({ streetLine: null, area: null, city: null, postcode: null, countryCode: null });
  });

  it('read place filter values', () => {
    expect(parsePlaceFilter('area:dhaka/gulshan')).toEqual({ kind: 'area', key: 'dhaka/gulshan' });
    expect(parsePlaceFilter('district:GB NW1')).toEqual({ kind: 'district', key: 'GB NW1' });
    for (const bad of ['dhaka', 'country:bd', 'city:', `city:${'a'.repeat(300)}`]) expect(parsePlaceFilter(bad)).toBeNull();
  });
});
