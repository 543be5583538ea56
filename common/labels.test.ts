import { AMENITY_LABELS } from './amenities';
import { labelsOf } from './labels';
import { PROPERTY_TYPE_LABELS } from './property-facts';
import { REPORT_REASON_LABELS } from './validation/report';

it('words each value with spaces and a capital, unless an exception words it', () => {
  expect(labelsOf(['pets_allowed', 'gym', 'fraud'] as const, { fraud: 'Looks like fraud' })).toEqual({ pets_allowed: 'Pets allowed', gym: 'Gym', fraud: 'Looks like fraud' });
});

it('keeps the words the screens have always shown', () => {
  expect(PROPERTY_TYPE_LABELS).toEqual({ house: 'House', apartment: 'Apartment', townhouse: 'Townhouse', land: 'Land', commercial: 'Commercial' });
  expect(REPORT_REASON_LABELS).toEqual({ fraud: 'Looks like fraud', wrong_price: 'Wrong price', wrong_photos: 'Wrong photos', already_sold: 'Already sold', other: 'Other' });
  expect(AMENITY_LABELS).toMatchObject({ pets_allowed: 'Pets allowed', air_conditioning: 'Air conditioning', swimming_pool: 'Swimming pool', security: '24-hour security', lift: 'Lift' });
});
