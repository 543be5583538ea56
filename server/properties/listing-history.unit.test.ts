// Days on OpenNest: counted from the first listing to the sale, or to now while unsold.
import { daysOnOpenNest } from './listing-history';

const DAY = 86_400_000;
const listedAt = new Date('2026-01-01T10:00:00Z');
const at = (days: number) => new Date(listedAt.getTime() + days * DAY);

it('counts whole days from listing to now while the home is for sale', () => {
  expect(daysOnOpenNest(listedAt, [{ kind: 'listed', data: null, createdAt: listedAt }], at(12.5))).toBe(12);
});

it('stops counting at the sale: a home sold after 30 days shows 30 days, however long ago that was', () => {
  const events = [
    { kind: 'listed' as const, data: null, createdAt: listedAt },
    { kind: 'offer_accepted' as const, data: null, createdAt: at(20) },
    { kind: 'sold' as const, data: null, createdAt: at(30.2) },
  ];
  expect(daysOnOpenNest(listedAt, events, at(30.2))).toBe(30);
  expect(daysOnOpenNest(listedAt, events, at(400))).toBe(30);
});

it('counts a re-added listing from the first time it was listed, to its sale', () => {
  const relisted = new Date('2026-03-01T10:00:00Z');
  const events = [
    { kind: 'relisted' as const, data: { previouslyListedAt: listedAt.toISOString() }, createdAt: relisted },
    { kind: 'sold' as const, data: null, createdAt: at(100) },
  ];
  expect(daysOnOpenNest(relisted, events, at(365))).toBe(100);
});
