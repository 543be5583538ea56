// The demo data (prisma/seed.ts) through the real app: every choice the All
// Properties filter panel offers finds at least one listing a buyer can see, the
// listings carry what the product shows (facts, photos, history, reviews), and
// seeding again, or twice at once, adds nothing.
import { missingAddressParts } from '@opennest/common/address';
import { AMENITIES } from '@opennest/common/amenities';
import { MIN_ROOM_CHOICES, PROPERTY_TYPES, type AreaUnitValue } from '@opennest/common/property-facts';
import { seedDemoData } from '../../prisma/seed';
import { DEMO_ACCOUNTS, DEMO_LISTINGS, DEMO_OPEN_HOUSES, DEMO_VIEWINGS } from '../../prisma/demo/catalogue';
import type { PropertyFilter } from '../graphql/generated/resolvers-types';
import { createLogger } from '../infra/logger';
import { MIN_REPLY_QUESTIONS, readFigure } from '../insight/reply-time';
import { okData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { signIn } from '../test/identity';
import { startTestApp, type TestApp } from '../test/test-app';
import { createLocalImageStorage } from '../uploads/image-storage';
import { PROPERTY_SORTS } from './properties.service';

let app: TestApp;
let buyerToken: string;

const seed = () => seedDemoData({ db: app.db, identity: app.identity, storage: createLocalImageStorage(app.uploadDir), log: createLogger('silent') });

/** How many rows of each kind the demo wrote. */
async function counts() {
  const { db } = app;
  const [users, properties, photos, events, offers, reviews, conversations, messages, wishlist, reports, savedSearches, notifications, viewDays, viewings, openHouses] = await Promise.all([
    db.user.count(),
    db.property.count(),
    db.propertyPhoto.count(),
    db.listingEvent.count(),
    db.offer.count(),
    db.review.count(),
    db.conversation.count(),
    db.message.count(),
    db.wishlistItem.count(),
    db.listingReport.count(),
    db.savedSearch.count(),
    db.notification.count(),
    db.listingViewDay.count(),
    db.viewing.count(),
    db.openHouse.count(),
  ]);
  return { users, properties, photos, events, offers, reviews, conversations, messages, wishlist, reports, savedSearches, notifications, viewDays, viewings, openHouses };
}

let seeded: Awaited<ReturnType<typeof counts>>;

beforeAll(async () => {
  app = await startTestApp();
  // Two app processes starting on one database at once: one of them writes the marketplace.
  await Promise.all([seed(), seed()]);
  seeded = await counts();
  const buyer = DEMO_ACCOUNTS.find((account) => account.role === 'user')!;
  buyerToken = (await signIn(buyer.email, buyer.password)).idToken;
});
afterAll(() => app?.close());

async function matching(filter: PropertyFilter, sort?: (typeof PROPERTY_SORTS)[number]) {
  const data = okData(await app.graphql(operations.FilteredProperties, { filter, sort, first: 48 }, buyerToken));
  expect(data.verifiedPropertyCount.count).toBe(data.verifiedProperties.nodes.length);
  return data.verifiedProperties.nodes;
}

describe('every filter the panel offers finds a demo listing', () => {
  it.each(PROPERTY_TYPES)('type %s', async (type) => {
    const found = await matching({ types: [type] });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((listing) => listing.propertyType === type)).toBe(true);
  });

  it.each(MIN_ROOM_CHOICES)('%i+ bedrooms', async (rooms) => {
    const found = await matching({ minBedrooms: rooms });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((listing) => listing.bedrooms! >= rooms)).toBe(true);
  });

  it.each(MIN_ROOM_CHOICES)('%i+ bathrooms', async (rooms) => {
    const found = await matching({ minBathrooms: rooms });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((listing) => listing.bathrooms! >= rooms)).toBe(true);
  });

  it.each(AMENITIES)('amenity %s', async (amenity) => {
    const found = await matching({ amenities: [amenity] });
    expect(found.length).toBeGreaterThan(0);
    const stored = await app.db.property.findMany({ where: { id: { in: found.map((listing) => listing.id) } }, select: { amenities: true } });
    expect(stored.every((listing) => listing.amenities.includes(amenity))).toBe(true);
  });

  // The panel takes any area in either unit; these bands cover small flats to farmland in both.
  const AREA_BANDS: Array<[AreaUnitValue, number | undefined, number | undefined]> = [
    ['sq_m', undefined, 60],
    ['sq_m', 60, 150],
    ['sq_m', 150, 300],
    ['sq_m', 300, 1000],
    ['sq_m', 1000, undefined],
    ['sq_ft', undefined, 1000],
    ['sq_ft', 1000, 2000],
    ['sq_ft', 2000, 5000],
    ['sq_ft', 5000, undefined],
  ];
  it.each(AREA_BANDS)('area in %s from %s to %s', async (areaUnit, areaMin, areaMax) => {
    expect((await matching({ areaUnit, areaMin, areaMax })).length).toBeGreaterThan(0);
  });

  const PRICE_BANDS: Array<[string | undefined, string | undefined]> = [
    [undefined, '100000'],
    ['100000', '250000'],
    ['250000', '400000'],
    ['400000', undefined],
  ];
  it.each(PRICE_BANDS)('price from %s to %s', async (priceMin, priceMax) => {
    expect((await matching({ priceMin, priceMax })).length).toBeGreaterThan(0);
  });

  it('shows the sold listing only when sold ones are asked for, and a listing under offer either way', async () => {
    const unsold = await matching({});
    const withSold = await matching({ includeSold: true });
    expect(unsold.map((listing) => listing.saleState)).not.toContain('sold');
    expect(unsold.map((listing) => listing.saleState)).toContain('under_offer');
    expect(withSold.filter((listing) => listing.saleState === 'sold')).toHaveLength(1);
    expect(withSold).toHaveLength(unsold.length + 1);
  });

  it('open house in the next 7 days', async () => {
    const found = await matching({ openHouseSoon: true });
    expect(found.map((listing) => listing.title).sort()).toEqual(DEMO_OPEN_HOUSES.map((openHouse) => DEMO_LISTINGS.find((listing) => listing.key === openHouse.listing)!.title).sort());
  });

  it.each(PROPERTY_SORTS)('sorted %s', async (sort) => {
    expect(await matching({}, sort)).toHaveLength((await matching({})).length);
  });
});

it('gives every listing facts, 3 to 6 photos, a description and a history; listings have offers, reviews and talk around them', async () => {
  const listings = await app.db.property.findMany({ include: { photos: true, events: true, reviews: true } });
  expect(listings).toHaveLength(DEMO_LISTINGS.length);
  for (const listing of listings) {
    expect({ title: listing.title, type: listing.propertyType !== null, area: listing.floorAreaSqm !== null }).toEqual({ title: listing.title, type: true, area: true });
    expect(listing.photos.length).toBeGreaterThanOrEqual(3);
    // A full address: no demo listing asks its agent to complete it.
    expect({ title: listing.title, missing: missingAddressParts(listing) }).toEqual({ title: listing.title, missing: [] });
    expect(listing.photos.length).toBeLessThanOrEqual(6);
    expect(listing.photos.find((photo) => photo.position === 0)?.url).toBe(listing.image);
    expect(listing.description!.length).toBeGreaterThan(100);
    expect(listing.events.map((event) => event.kind)).toContain('listed');
  }
  const statuses = new Set((await app.db.offer.findMany()).map((offer) => offer.status));
  expect(statuses).toEqual(new Set(['pending', 'accepted', 'rejected', 'bought']));
  expect(listings.filter((listing) => listing.saleState === 'sold')).toHaveLength(1);
  expect(seeded.reviews).toBeGreaterThan(5);
  expect(seeded.messages).toBeGreaterThan(3);
  // The photos are served: the cover of a listing answers with an image.
  const cover = await fetch(`${app.url}${listings[0]!.image}`);
  expect(cover.status).toBe(200);
  expect(cover.headers.get('content-type')).toBe('image/webp');
});

it('gives the buyer a booked viewing to come and a held one with feedback; the agent a request to answer', async () => {
  const upcoming = okData(await app.graphql(operations.MyViewings, { when: 'UPCOMING', first: 10 }, buyerToken)).myViewings.nodes;
  expect(upcoming.map((viewing) => viewing.status)).toEqual(['confirmed']);
  const past = okData(await app.graphql(operations.MyViewings, { when: 'PAST', first: 10 }, buyerToken)).myViewings.nodes;
  expect(past.map((viewing) => viewing.held)).toEqual([true]);
  expect(seeded.viewings).toBe(DEMO_VIEWINGS.length);
  expect(await app.db.viewing.count({ where: { status: 'requested' } })).toBe(1);
  expect(await app.db.viewingFeedback.count()).toBe(DEMO_VIEWINGS.filter((viewing) => viewing.feedback).length);
});

it('gives the demo agent a reply time worth showing: enough answered questions, most within a day', async () => {
  const agent = await app.db.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.find((account) => account.role === 'agent')!.email } });
  const figure = await readFigure(app.db, agent.id);
  expect(figure.enough).toBe(true);
  expect(figure.counted).toBeGreaterThanOrEqual(MIN_REPLY_QUESTIONS);
  // Its conversations were answered after 47 minutes to a day, its viewing requests after three hours.
  expect(figure.medianSeconds).toBeGreaterThanOrEqual(47 * 60);
  expect(figure.medianSeconds).toBeLessThanOrEqual(6 * 3600);
  expect(figure.withinDayShare).toBeGreaterThan(0.5);
});

it('adds nothing when seeded again', async () => {
  await seed();
  expect(await counts()).toEqual(seeded);
  expect(seeded.properties).toBe(DEMO_LISTINGS.length);
});
