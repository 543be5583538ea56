// Records read through the driver (records.ts) are the records Prisma reads:
// every field of every shape, Decimals, days and enums included.
import { createTestDatabase, type TestDatabase } from '../test/database';
import { Prisma } from '../generated/prisma/client';
import { OFFER_RECORD, PROPERTY_RECORD, readRecords, readRecordsByIds, REVIEW_RECORD, selectRecord, USER_RECORD } from './records';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.drop());

async function seed() {
  const db = database.db;
  const agent = await db.user.create({ data: { firebaseUid: 'records-agent', email: 'records-agent@example.test', name: 'Zoë Agent', role: 'agent', image: null } });
  const buyer = await db.user.create({ data: { firebaseUid: 'records-buyer', email: 'records-buyer@example.test', name: 'Buyer 😀', image: 'https://example.test/b.png' } });
  const listing = await db.property.create({
    data: {
      agentId: agent.id,
      title: 'Two rooms, “quoted”',
      location: '12 Road, Gulshan, Dhaka',
      image: 'https://example.test/p.png',
      description: 'A garden',
      priceMin: new Prisma.Decimal('1234567.89'),
      priceMax: new Prisma.Decimal('1300000.10'),
      status: 'verified',
      propertyType: 'apartment',
      bedrooms: 2,
      floorArea: 900,
      areaUnit: 'sq_ft',
      floorAreaSqm: new Prisma.Decimal('83.61'),
      amenities: ['garden', 'parking'],
      city: 'Dhaka',
      cityKey: 'dhaka',
      latitude: 23.7806,
      longitude: 90.4193,
      deletedAt: new Date('2026-11-27T10:11:12.345Z'),
    },
  });
  const bare = await db.property.create({
    data: { agentId: agent.id, title: 'Bare', location: 'Somewhere', image: 'https://example.test/q.png', description: 'Plain', priceMin: new Prisma.Decimal('10'), priceMax: new Prisma.Decimal('10') },
  });
  const offer = await db.offer.create({
    data: { propertyId: listing.id, buyerId: buyer.id, agentId: agent.id, amount: new Prisma.Decimal('1250000.05'), buyingDate: new Date('2026-12-31T00:00:00.000Z'), status: 'accepted' },
  });
  const review = await db.review.create({ data: { propertyId: listing.id, userId: buyer.id, text: 'Lovely <b>garden</b> 😀' } });
  return { agent, buyer, listing, bare, offer, review };
}

it('reads users, listings, offers and reviews exactly as Prisma does', async () => {
  const { agent, buyer, listing, bare, offer, review } = await seed();
  const db = database.db;
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

  const users = await readRecordsByIds(db, USER_RECORD, [agent.id, buyer.id]);
  expect(byId(users)).toEqual(byId(await db.user.findMany({ where: { id: { in: [agent.id, buyer.id] } } })));

  const listings = await readRecordsByIds(db, PROPERTY_RECORD, [listing.id, bare.id]);
  expect(byId(listings)).toEqual(byId(await db.property.findMany({ where: { id: { in: [listing.id, bare.id] } } })));
  expect(listings.find((row) => row.id === listing.id)?.priceMin).toBeInstanceOf(Prisma.Decimal);

  const [read] = await readRecords(db, OFFER_RECORD, Prisma.sql`SELECT ${selectRecord(OFFER_RECORD, 'o')} FROM offers o WHERE o.id = ${offer.id}::uuid`);
  expect(read).toEqual(await db.offer.findUniqueOrThrow({ where: { id: offer.id } }));
  expect(read.buyingDate.toISOString()).toBe('2026-12-31T00:00:00.000Z');
  expect(read.amount.toFixed(2)).toBe('1250000.05');

  await expect(readRecordsByIds(db, REVIEW_RECORD, [review.id])).resolves.toEqual([await db.review.findUniqueOrThrow({ where: { id: review.id } })]);
});

it('finds nothing for ids that are not there', async () => {
  await expect(readRecordsByIds(database.db, USER_RECORD, ['00000000-0000-7000-8000-000000000000'])).resolves.toEqual([]);
});
