// A saved search's filters in words; only the saved-search dialog and page
// (both loaded on demand) need it, so it stays out of All Properties' first load.
import { AREA_UNIT_LABELS, DEFAULT_AREA_UNIT, PROPERTY_TYPE_LABELS } from '@opennest/common/property-facts';
import type { PropertyFilter } from './saved-searches.generated';

/** A filter in words ("houses or townhouses, $100,000 to $250,000, 3+ bedrooms"); '' for none. */
export function describeFilter(filter: PropertyFilter): string {
  const parts: string[] = [];
  if (filter.types?.length) parts.push(filter.types.map((type) => PROPERTY_TYPE_LABELS[type].toLowerCase()).join(' or '));
  if (filter.priceMin || filter.priceMax) parts.push(`priced ${filter.priceMin ? `from $${filter.priceMin}` : ''}${filter.priceMin && filter.priceMax ? ' ' : ''}${filter.priceMax ? `up to $${filter.priceMax}` : ''}`);
  if (filter.minBedrooms != null) parts.push(`${filter.minBedrooms}+ bedrooms`);
  if (filter.minBathrooms != null) parts.push(`${filter.minBathrooms}+ bathrooms`);
  if (filter.areaMin != null || filter.areaMax != null) {
    const unit = AREA_UNIT_LABELS[filter.areaUnit ?? DEFAULT_AREA_UNIT];
    parts.push(`${filter.areaMin != null ? `from ${filter.areaMin} ${unit}` : ''}${filter.areaMin != null && filter.areaMax != null ? ' ' : ''}${filter.areaMax != null ? `up to ${filter.areaMax} ${unit}` : ''}`);
  }
  if (filter.includeSold) parts.push('sold ones included');
  if (filter.openHouseSoon) parts.push('open house in the next 7 days');
  return parts.join(', ');
}
