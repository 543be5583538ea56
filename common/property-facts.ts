// A listing's facts: the values and their words, without the validation
// library (cards and the All Properties page's first load import these; the
// rules are in validation/property-facts.ts).

import { labelsOf } from './labels';

export const PROPERTY_TYPES = ['house', 'apartment', 'townhouse', 'land', 'commercial'] as const;
export type PropertyTypeValue = (typeof PROPERTY_TYPES)[number];
export const AREA_UNITS = ['sq_ft', 'sq_m'] as const;
export type AreaUnitValue = (typeof AREA_UNITS)[number];

export const PROPERTY_TYPE_LABELS = labelsOf(PROPERTY_TYPES);
/** A listing's facts when it has none (or may not show them): each field empty. */
export const NO_FACTS = { propertyType: null, bedrooms: null, bathrooms: null, floorArea: null, areaUnit: null, yearBuilt: null } as const;

/** The one unit everything starts in: the add form, the filter, a filter without a unit (the server's too). */
export const DEFAULT_AREA_UNIT: AreaUnitValue = 'sq_m';
/** The "at least" choices of the bedrooms and bathrooms filters (1+ … 5+). */
export const MIN_ROOM_CHOICES = [1, 2, 3, 4, 5] as const;

export const AREA_UNIT_LABELS: Record<AreaUnitValue, string> = { sq_ft: 'sq ft', sq_m: 'm²' };

/** Square metres in one square foot (exact by definition). */
export const SQ_M_PER_SQ_FT = 0.09290304;

/** The floor area in square metres, what filters and the area sort compare. */
export function floorAreaInSquareMetres(area: number, unit: AreaUnitValue): number {
  return unit === 'sq_m' ? area : Math.round(area * SQ_M_PER_SQ_FT * 100) / 100;
}
