// The structured address of a listing as the properties service writes it
// (issue 19): from the form's address (checked with the shared rules; the
// display line is made from it), or, for callers that send only the spec's
// `location` (REST), split best-effort from it as the migration split old ones.
import { addressLine, missingAddressParts, splitLocation } from '@opennest/common/address';
import { addressSchema } from '@opennest/common/validation/address';
import type { Property as PropertyRecord } from '../generated/prisma/client';
import { validateInput } from '../shared/validate';

export interface AddressColumns {
  streetLine: string | null;
  area: string | null;
  city: string | null;
  postcode: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The address columns and the location to store, or null when the input has no
 * address and its location is `unchangedLocation` (an edit that keeps the place
 * keeps the parts the agent completed). Refuses a bad address (BAD_USER_INPUT).
 */
export async function addressOfInput(rawInput: unknown, unchangedLocation?: string): Promise<{ location: unknown; columns: AddressColumns | null }> {
  const input = (typeof rawInput === 'object' && rawInput !== null ? rawInput : {}) as { address?: unknown; location?: unknown };
  if (input.address !== undefined && input.address !== null) {
    const address = await validateInput(addressSchema, input.address);
    const columns: AddressColumns = {
      streetLine: address.streetLine,
      area: address.area || null,
      city: address.city,
      postcode: address.postcode.toUpperCase(),
      countryCode: address.countryCode,
      latitude: address.latitude ?? null,
      longitude: address.longitude ?? null,
    };
    return { location: addressLine(columns), columns };
  }
  if (typeof input.location !== 'string') return { location: input.location, columns: null };
  const location = input.location.trim();
  if (unchangedLocation !== undefined && location === unchangedLocation) return { location, columns: null };
  return { location, columns: { ...splitLocation(location), latitude: null, longitude: null } };
}

/** Whether the agent still has parts of the address to fill in. */
export const addressComplete = (property: PropertyRecord) => missingAddressParts(property).length === 0;
