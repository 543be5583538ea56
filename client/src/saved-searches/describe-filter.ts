// A saved search's filters in words; only the saved-search dialog and page
// (both loaded on demand) need it, so it stays out of All Properties' first load.
import { dollars } from '@opennest/common/money';
import { AMENITY_LABELS } from '@opennest/common/amenities';
import { formatNumber } from '@opennest/common/numbers';
import { AREA_UNIT_LABELS, DEFAULT_AREA_UNIT, PROPERTY_TYPE_LABELS } from '@opennest/common/property-facts';
import type { PropertyFilter } from './saved-searches.generated';

/** A filter in words ("house or townhouse, priced from $100,000.00 up to $250,000.00, 3+ bedrooms"); '' for none. */
export function describeFilter(filter: PropertyFilter): string {
  const parts: string[] = [];
  if (filter.keywords) parts.push(`mentioning “${filter.keywords}”`);
  if (filter.types?.length) parts.push(filter.types.map((type) => PROPERTY_TYPE_LABELS[type].toLowerCase()).join(' or '));
  if (filter.priceMin || filter.priceMax) parts.push(`priced ${filter.priceMin ? `from ${dollars(filter.priceMin)}` : ''}${filter.priceMin && filter.priceMax ? ' ' : ''}${filter.priceMax ? `up to ${dollars(filter.priceMax)}` : ''}`);
  if (filter.minBedrooms != null) parts.push(`${filter.minBedrooms}+ bedrooms`);
  if (filter.minBathrooms != null) parts.push(`${filter.minBathrooms}+ bathrooms`);
  if (filter.areaMin != null || filter.areaMax != null) {
    const unit = AREA_UNIT_LABELS[filter.areaUnit ?? DEFAULT_AREA_UNIT];
    parts.push(`${filter.areaMin != null ? `from ${formatNumber(filter.areaMin)} ${unit}` : ''}${filter.areaMin != null && filter.areaMax != null ? ' ' : ''}${filter.areaMax != null ? `up to ${formatNumber(filter.areaMax)} ${unit}` : ''}`);
  }
  if (filter.amenities?.length) parts.push(`with ${filter.amenities.map((amenity) => AMENITY_LABELS[amenity].toLowerCase()).join(' and ')}`);
  if (filter.includeSold) parts.push('sold ones included');
  if (filter.openHouseSoon) parts.push('open house in the next 7 days');
  return parts.join(', ');
}
