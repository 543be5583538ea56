// A listing's structured address (issue 19): the parts, the display line made
// from them, the keys places are found by, and the best-effort split of an old
// free-text location. The SQL of prisma/migrations/20261127100000_structured_address
// (place_key, postcode_district, split_location) says the same for the database;
// server/properties/address-migration.test.ts checks that both agree.

export interface AddressParts {
  streetLine: string | null;
  area: string | null;
  city: string | null;
  postcode: string | null;
  countryCode: string | null;
}

const squash = (text: string) => text.trim().replace(/\s+/g, ' ');

/** A place's key: trimmed, inner white space collapsed, lower case (null for none). */
export function placeKey(name: string | null | undefined): string | null {
  if (name == null) return null;
  const key = squash(name).toLowerCase();
  return key === '' ? null : key;
}

/** The postcode district key ('GB NW1', 'US 10001', 'BD 1212'), null without a postcode or country. */
export function postcodeDistrict(postcode: string | null | undefined, countryCode: string | null | undefined): string | null {
  const code = postcode?.trim() ?? '';
  if (!countryCode || code === '') return null;
  const country = countryCode.toUpperCase();
  const upper = code.toUpperCase();
  let district: string;
  if (country === 'GB') district = upper.includes(' ') ? upper.split(' ')[0] : upper.length > 4 ? upper.slice(0, upper.length - 3) : upper;
  else if (country === 'US') district = code.slice(0, 5);
  else district = squash(upper);
  return `${country} ${district}`;
}

/** The display line made from the parts: "street, area, city postcode". */
export function addressLine(parts: Pick<AddressParts, 'streetLine' | 'area' | 'city' | 'postcode'>): string {
  const cityAndPostcode = [parts.city, parts.postcode].map((p) => (p ? squash(p) : '')).filter(Boolean).join(' ');
  return [parts.streetLine, parts.area, cityAndPostcode].map((p) => (p ? squash(p) : '')).filter(Boolean).join(', ');
}

const GB_POSTCODE = /^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$/;
const NUMERIC_POSTCODE = /^[0-9]{4,6}(-[0-9]{4})?$/;
const TRAILING_POSTCODE = /^(.*\S) +([A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}|[0-9]{4,6}(-[0-9]{4})?)$/;

const NOTHING: AddressParts = { streetLine: null, area: null, city: null, postcode: null, countryCode: null };

/**
 * Splits a free-text location best-effort, as the migration did: the last
 * comma-separated part is the city (a trailing postcode, or a last part that is
 * only a postcode, becomes the postcode), the one before it the area, the rest
 * the street line. A full GB postcode makes the country GB. Without a comma,
 * nothing is split (all null: the agent completes the address).
 */
export function splitLocation(location: string): AddressParts {
  let parts = location.split(',').filter((p) => p.trim() !== '').map(squash);
  let postcode: string | null = null;
  const last = parts[parts.length - 1];
  if (parts.length >= 2 && (GB_POSTCODE.test(last) || NUMERIC_POSTCODE.test(last))) {
    postcode = last;
    parts = parts.slice(0, -1);
  }
  if (parts.length < 2) return { ...NOTHING };
  let city = parts[parts.length - 1];
  if (postcode === null) {
    const tail = TRAILING_POSTCODE.exec(city);
    if (tail) {
      city = tail[1];
      postcode = tail[2];
    }
  }
  const area = parts[parts.length - 2];
  const streetLine = parts.length >= 3 ? parts.slice(0, -2).join(', ') : null;
  const isGb = postcode !== null && GB_POSTCODE.test(postcode);
  return { streetLine, area, city, postcode: isGb ? postcode!.toUpperCase() : postcode, countryCode: isGb ? 'GB' : null };
}

/** The parts an agent still has to fill in (the area is optional). */
export function missingAddressParts(parts: AddressParts): Array<keyof AddressParts> {
  return (['streetLine', 'city', 'postcode', 'countryCode'] as const).filter((key) => !parts[key]);
}
