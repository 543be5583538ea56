import { describeFilter } from './describe-filter';

it('writes amounts and areas as the rest of the app does, with thousands separators', () => {
  expect(describeFilter({ types: ['apartment'], priceMax: '200000.00' })).toBe('apartment, priced up to $200,000.00');
  expect(describeFilter({ priceMin: '1500000', priceMax: '2500000.5' })).toBe('priced from $1,500,000.00 up to $2,500,000.50');
  expect(describeFilter({ areaMin: 1000, areaMax: 12500, areaUnit: 'sq_ft', minBedrooms: 3, includeSold: true })).toBe('3+ bedrooms, from 1,000 sq ft up to 12,500 sq ft, sold ones included');
  expect(describeFilter({})).toBe('');
});

it('says the keywords and the amenities (issue 19)', () => {
  expect(describeFilter({ keywords: 'garden', amenities: ['parking', 'pets_allowed'], minBedrooms: 2 })).toBe('mentioning “garden”, 2+ bedrooms, with parking and pets allowed');
});
