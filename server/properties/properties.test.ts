// Listings through the real app over HTTP (GraphQL, and the REST routes of spec
// section 7): who may add, edit, delete, verify, reject and advertise; what each
// caller may see; search, sort and keyset pages; exact money; no N+1 queries.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Property as PropertyRecord, PropertyStatus } from '../generated/prisma/client';
import type { AddPropertyInput, PropertySort as Sort, UpdatePropertyInput } from '../graphql/generated/resolvers-types';
import { createListing, createOffer, createReview, createUserRow, createWishlistItem, dataOf, errorOf, ONLY_ADMINS, ONLY_AGENTS, PROPERTY_NOT_FOUND, startAppWithCast, unique, type Account, type Json, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { looseVariables, type GraphqlResponse, type TestApp } from '../test/test-app';

const INVALID_CURSOR = 'Invalid cursor; start again from the first page.';
const REJECTED_MESSAGE = 'This property is rejected and cannot be updated.';
const ONLY_PENDING = 'Only pending properties can be verified or rejected.';
const AMOUNT_FORMAT = 'Enter an amount with at most 12 digits and 2 decimals';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, admin: Account, fraud: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, admin, fraud } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'admin', 'fraud'])));
afterAll(() => app?.close());

const validInput = (overrides: Partial<AddPropertyInput> = {}): AddPropertyInput => ({
  title: unique('Lake house'),
  location: 'Gulshan, Dhaka',
  image: 'https://images.example.test/lake-house.jpg',
  description: 'Three bedrooms by the lake.',
  priceMin: '1000',
  priceMax: '2500.5',
  ...overrides,
});

/** A listing arranged directly in the database (verified unless told otherwise). */
const seed = (agentId: string, data: ListingData = {}) =>
  createListing(app, agentId, { title: unique('Seeded'), location: 'Seed Street, Dhaka', image: 'https://images.example.test/seed.jpg', ...data });

async function addProperty(account: Account, overrides: Partial<AddPropertyInput> = {}) {
  const result = await app.graphql(operations.AddProperty, { input: validInput(overrides) }, account.idToken);
  expect(result.errors).toBeUndefined();
  return dataOf(result).addProperty;
}

const stored = (id: string) => app.db.property.findUniqueOrThrow({ where: { id } });

describe('adding a property', () => {
  it('lets an agent add one: pending, not advertised, owned by the caller, prices exact', async () => {
    const input = validInput({ priceMin: '1.1', priceMax: '3.3' });
    const result = await app.graphql(operations.AddProperty, { input }, agent.idToken);
    expect(result.errors).toBeUndefined();
    const property = dataOf(result).addProperty;
    expect(property).toEqual({
      id: expect.any(String),
      title: input.title,
      location: 'Gulshan, Dhaka',
      image: input.image,
      thumbnail: input.image,
      description: 'Three bedrooms by the lake.',
      priceMin: '1.10',
      priceMax: '3.30',
      status: 'pending',
      isAdvertised: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      agent: { id: agent.user.id, name: 'Avery Agent', email: agent.email, image: null },
    });
    const row = await stored(property.id);
    expect(row).toMatchObject({ agentId: agent.user.id, status: 'pending', isAdvertised: false, deletedAt: null });
    expect(row.priceMin.toFixed(2)).toBe('1.10');
    expect(row.priceMax.toFixed(2)).toBe('3.30');
  });

  it('stores the largest amount and fractions that binary floats cannot hold, exactly', async () => {
    const cases = [
      { priceMin: '999999999999.99', priceMax: '999999999999.99' },
      { priceMin: '100000000000.1', priceMax: '100000000000.3' },
      { priceMin: '0.1', priceMax: '0.3' }, // refused: below 1, checked below
    ];
    const huge = await addProperty(agent, cases[0]);
    expect([huge.priceMin, huge.priceMax]).toEqual(['999999999999.99', '999999999999.99']);
    const tenths = await addProperty(agent, cases[1]);
    expect([tenths.priceMin, tenths.priceMax]).toEqual(['100000000000.10', '100000000000.30']);
    for (const { id, expected } of [
      { id: huge.id, expected: ['999999999999.99', '999999999999.99'] },
      { id: tenths.id, expected: ['100000000000.10', '100000000000.30'] },
    ]) {
      const row = await stored(id);
      expect([row.priceMin.toFixed(2), row.priceMax.toFixed(2)]).toEqual(expected);
      // Read back through the API as well.
      const read = await app.graphql(operations.Property, { id }, agent.idToken);
      expect([dataOf(read).property.priceMin, dataOf(read).property.priceMax]).toEqual(expected);
    }
    const tooSmall = await app.graphql(operations.AddProperty, { input: validInput(cases[2]) }, agent.idToken);
    // Below 1, and the maximum's floor is then 1 as well (spec 5: "at least the minimum price, or 1").
    expect(errorOf(tooSmall)?.extensions?.fieldErrors).toEqual({
      priceMin: 'Minimum price must be at least 1',
      priceMax: 'Maximum price must be greater than or equal to minimum price',
    });
  });

  it('accepts amounts sent as JSON numbers and keeps their decimal text', async () => {
    const result = await app.graphql(operations.AddProperty, looseVariables({ input: { ...validInput(), priceMin: 1500.5, priceMax: 2000 } }), agent.idToken);
    expect(result.errors).toBeUndefined();
    const property = dataOf(result).addProperty;
    expect([property.priceMin, property.priceMax]).toEqual(['1500.50', '2000.00']);
  });

  it.each([
    ['user', (): Account => buyer, 'FORBIDDEN', ONLY_AGENTS],
    ['admin', (): Account => admin, 'FORBIDDEN', ONLY_AGENTS],
    ['fraud', (): Account => fraud, 'FORBIDDEN', ONLY_AGENTS],
    ['signed-out caller', (): Account | null => null, 'UNAUTHENTICATED', 'You must be signed in.'],
  ] as const)('refuses a %s and stores nothing', async (_who, accountOf, code, message) => {
    const input = validInput();
    const result = await app.graphql(operations.AddProperty, { input }, accountOf()?.idToken);
    expect(result.data).toBeNull();
    expect(errorOf(result)).toMatchObject({ message, extensions: { code } });
    expect(await app.db.property.count({ where: { title: input.title } })).toBe(0);
  });

  it('gives the caller no say over status, owner or advertising', async () => {
    const input = { ...validInput(), status: 'verified', agentId: otherAgent.user.id, isAdvertised: true };
    const result = await app.graphql(operations.AddProperty, looseVariables({ input }), agent.idToken);
    expect(errorOf(result)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await app.db.property.count({ where: { title: input.title } })).toBe(0);
  });

  it('reports every broken rule with the shared messages and stores nothing', async () => {
    const title = unique('never stored');
    const empty = await app.graphql(operations.AddProperty, { input: { title: '   ', location: '', image: '', priceMin: '0', priceMax: '0', description: title } }, agent.idToken);
    expect(errorOf(empty)).toEqual({
      message: 'Property title is required',
      locations: expect.any(Array),
      path: ['addProperty'],
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: {
          title: 'Property title is required',
          location: 'Location is required',
          image: 'Property image is required',
          priceMin: 'Minimum price must be at least 1',
          priceMax: 'Maximum price must be greater than or equal to minimum price',
        },
      },
    });
    expect(await app.db.property.count({ where: { description: title } })).toBe(0);

    const cases: Array<[Partial<AddPropertyInput>, Record<string, string>]> = [
      [{ priceMin: '500', priceMax: '499.99' }, { priceMax: 'Maximum price must be greater than or equal to minimum price' }],
      [{ priceMin: '0.99', priceMax: '5' }, { priceMin: 'Minimum price must be at least 1' }],
      [{ priceMin: '12.345', priceMax: '20' }, { priceMin: AMOUNT_FORMAT }],
      [{ priceMin: '1e5', priceMax: '-5' }, { priceMin: AMOUNT_FORMAT, priceMax: AMOUNT_FORMAT }],
      [{ priceMin: '10', priceMax: '1000000000000' }, { priceMax: AMOUNT_FORMAT }],
      [{ priceMin: '', priceMax: '' }, { priceMin: 'Minimum price must be at least 1', priceMax: 'Maximum price must be greater than or equal to minimum price' }],
      [{ image: 'javascript:alert(1)' }, { image: 'Image must be an uploaded image or a web address' }],
    ];
    for (const [overrides, fieldErrors] of cases) {
      const input = validInput(overrides);
      const result = await app.graphql(operations.AddProperty, { input }, agent.idToken);
      expect({ overrides, extensions: errorOf(result)?.extensions }).toEqual({ overrides, extensions: { code: 'BAD_USER_INPUT', fieldErrors } });
      expect(await app.db.property.count({ where: { title: input.title } })).toBe(0);
    }

    // PostgreSQL text cannot hold NUL: a 400 naming the fields, not a 500.
    const withNul = validInput({ title: unique('nul\u0000title'), description: 'd\u0000' });
    const nul = await app.graphql(operations.AddProperty, { input: withNul }, agent.idToken);
    expect(errorOf(nul)?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { title: 'Must not contain NUL characters', description: 'Must not contain NUL characters' } });

    // Not an amount at all: refused by the Decimal scalar itself.
    const notAmount = { ...validInput(), priceMin: true };
    const scalar = await app.graphql(operations.AddProperty, looseVariables({ input: notAmount }), agent.idToken);
    expect(errorOf(scalar)?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await app.db.property.count({ where: { title: notAmount.title } })).toBe(0);
  });
});

describe('updating a property', () => {
  const edit = (overrides: Partial<AddPropertyInput> = {}): UpdatePropertyInput => {
    const { image: _image, ...input } = validInput({ title: unique('Edited'), location: 'Banani, Dhaka', priceMin: '2000', priceMax: '3000.25', description: 'Renovated.', ...overrides });
    return overrides.image === undefined ? input : { ...input, image: overrides.image };
  };

  it('lets the owner edit, keeps the status (verified stays verified) and the image when none is sent', async () => {
    const property = await seed(agent.user.id, { status: 'verified', isAdvertised: true, image: 'https://images.example.test/original.jpg' });
    const input = edit();
    const result = await app.graphql(operations.UpdateProperty, { id: property.id, input }, agent.idToken);
    expect(result.errors).toBeUndefined();
    expect(dataOf(result).updateProperty).toMatchObject({
      id: property.id,
      title: input.title,
      location: 'Banani, Dhaka',
      image: 'https://images.example.test/original.jpg',
      description: 'Renovated.',
      priceMin: '2000.00',
      priceMax: '3000.25',
      status: 'verified',
      isAdvertised: true,
      agent: { id: agent.user.id },
    });
    const row = await stored(property.id);
    expect(row).toMatchObject({ title: input.title, status: 'verified', isAdvertised: true, image: 'https://images.example.test/original.jpg' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(property.updatedAt.getTime());

    // A new image replaces the old one; a pending listing stays pending.
    const pending = await addProperty(agent);
    const withImage = await app.graphql(operations.UpdateProperty, { id: pending.id, input: edit({ image: '/uploads/0b0e8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.webp' }) }, agent.idToken);
    expect(dataOf(withImage).updateProperty).toMatchObject({
      status: 'pending',
      image: '/uploads/0b0e8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.webp',
      thumbnail: '/uploads/0b0e8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-thumb.webp',
    });
  });

  it.each([
    ['another agent', (): Account => otherAgent, 'FORBIDDEN'],
    ['an admin', (): Account => admin, 'FORBIDDEN'],
    ['a user', (): Account => buyer, 'FORBIDDEN'],
    ['a fraud account', (): Account => fraud, 'FORBIDDEN'],
    ['a signed-out caller', (): Account | null => null, 'UNAUTHENTICATED'],
  ] as const)('refuses %s and changes nothing', async (_who, accountOf, code) => {
    const property = await seed(agent.user.id, { status: 'pending' });
    const result = await app.graphql(operations.UpdateProperty, { id: property.id, input: edit() }, accountOf()?.idToken);
    expect(errorOf(result)?.extensions?.code).toBe(code);
    expect(await stored(property.id)).toEqual(property);
  });

  it('answers NOT_FOUND for an unknown id and BAD_USER_INPUT for a malformed one', async () => {
    const missing = await app.graphql(operations.UpdateProperty, { id: randomUUID(), input: edit() }, agent.idToken);
    expect(errorOf(missing)).toMatchObject({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    for (const id of ['abc', '1', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g']) {
      const malformed = await app.graphql(operations.UpdateProperty, { id, input: edit() }, agent.idToken);
      expect({ id, error: errorOf(malformed) }).toMatchObject({ id, error: { message: 'Invalid property id.', extensions: { code: 'BAD_USER_INPUT' } } });
    }
  });

  it('refuses to edit a rejected listing (CONFLICT) and changes nothing', async () => {
    const property = await seed(agent.user.id, { status: 'rejected' });
    const result = await app.graphql(operations.UpdateProperty, { id: property.id, input: edit() }, agent.idToken);
    expect(result.data).toBeNull();
    expect(errorOf(result)).toMatchObject({ message: REJECTED_MESSAGE, extensions: { code: 'CONFLICT' } });
    expect(await stored(property.id)).toEqual(property);
    const viaRest = await app.rest('PUT', `/api/properties/${property.id}`, { token: agent.idToken, body: { ...edit(), status: 'pending' } });
    expect(viaRest).toEqual({ status: 409, body: { code: 'CONFLICT', message: REJECTED_MESSAGE } });
    expect(await stored(property.id)).toEqual(property);
  });

  it('validates with the shared rules (image optional) and changes nothing on failure', async () => {
    const property = await seed(agent.user.id, { status: 'pending' });
    const result = await app.graphql(operations.UpdateProperty, { id: property.id, input: { title: '', location: ' ', priceMin: '5', priceMax: '4' } }, agent.idToken);
    expect(errorOf(result)?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: {
        title: 'Property title is required',
        location: 'Location is required',
        priceMax: 'Maximum price must be greater than or equal to minimum price',
      },
    });
    const badImage = await app.graphql(operations.UpdateProperty, { id: property.id, input: edit({ image: 'ftp://example.test/x.jpg' }) }, agent.idToken);
    expect(errorOf(badImage)?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { image: 'Image must be an uploaded image or a web address' } });
    expect(await stored(property.id)).toEqual(property);
  });

  it('keeps the status through REST too, whatever the body says', async () => {
    const property = await seed(agent.user.id, { status: 'verified' });
    const body = { ...edit(), status: 'pending', agentEmail: otherAgent.email, updatedAt: '1999-01-01T00:00:00Z' };
    const result = await app.rest('PUT', `/api/properties/${property.id}`, { token: agent.idToken, body });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ modifiedCount: 1, _id: property.id, title: body.title, status: 'verified', agentEmail: agent.email, priceMin: 2000, priceMax: 3000.25 });
    expect(await stored(property.id)).toMatchObject({ status: 'verified', agentId: agent.user.id, title: body.title });
    expect((await app.rest('PUT', '/api/properties/not-an-id', { token: agent.idToken, body })).status).toBe(400);
  });
});

describe('deleting a property', () => {
  it.each([
    ['another agent', (): Account => otherAgent, 'FORBIDDEN'],
    ['an admin', (): Account => admin, 'FORBIDDEN'],
    ['a user', (): Account => buyer, 'FORBIDDEN'],
    ['a signed-out caller', (): Account | null => null, 'UNAUTHENTICATED'],
  ] as const)('refuses %s and removes nothing', async (_who, accountOf, code) => {
    const property = await seed(agent.user.id);
    const pending = await createOffer(app, property, buyer.user.id);
    await createWishlistItem(app, property.id, buyer.user.id);
    const result = await app.graphql(operations.DeleteProperty, { id: property.id }, accountOf()?.idToken);
    expect(errorOf(result)?.extensions?.code).toBe(code);
    expect(await stored(property.id)).toEqual(property);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('pending');
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(1);
  });

  it.each(['accepted', 'bought'] as const)('is refused (CONFLICT) while an offer is %s, and nothing changes', async (status) => {
    const property = await seed(agent.user.id);
    const committed = await createOffer(app, property, buyer.user.id, status);
    // Another buyer's pending offer (one open offer per buyer per property).
    const otherBuyer = await app.createUser('user');
    const pending = await createOffer(app, property, otherBuyer.user.id);
    await createWishlistItem(app, property.id, buyer.user.id);

    const result = await app.graphql(operations.DeleteProperty, { id: property.id }, agent.idToken);
    expect(errorOf(result)).toMatchObject({ message: 'This property has an accepted or completed offer and cannot be deleted.', extensions: { code: 'CONFLICT' } });
    const viaRest = await app.rest('DELETE', `/api/properties/${property.id}`, { token: agent.idToken });
    expect(viaRest.status).toBe(409);

    expect(await stored(property.id)).toEqual(property);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: committed.id } })).status).toBe(status);
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('pending');
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(1);
  });

  it('rejects pending offers and removes wishlist entries in one transaction, then hides the listing everywhere', async () => {
    const secondBuyer = await app.createUser('user');
    const property = await seed(agent.user.id, { location: unique('Deleted Lane'), isAdvertised: true });
    const neighbour = await seed(agent.user.id, { location: 'Neighbour Road, Dhaka' });
    const pendingOffers = await Promise.all([createOffer(app, property, buyer.user.id), createOffer(app, property, secondBuyer.user.id)]);
    const earlierRejected = await createOffer(app, property, buyer.user.id, 'rejected');
    const neighbourOffer = await createOffer(app, neighbour, buyer.user.id);
    await app.db.wishlistItem.createMany({
      data: [
        { userId: buyer.user.id, propertyId: property.id },
        { userId: secondBuyer.user.id, propertyId: property.id },
        { userId: buyer.user.id, propertyId: neighbour.id },
      ],
    });
    // Visible before.
    expect(dataOf(await app.graphql(operations.Property, { id: property.id }, buyer.idToken)).property.id).toBe(property.id);

    const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.DeleteProperty, { id: property.id }, agent.idToken));
    expect(result.errors).toBeUndefined();
    expect(dataOf(result).deleteProperty).toEqual({ id: property.id, rejectedOfferCount: 2, removedWishlistItemCount: 2 });

    // The three writes happen between one BEGIN and its COMMIT.
    const begin = statements.findIndex((sql) => /^\s*BEGIN/i.test(sql));
    const commit = statements.findIndex((sql) => /^\s*COMMIT/i.test(sql));
    const indexOf = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const writes = [indexOf(/^\s*UPDATE\s+"public"\."offers"/i), indexOf(/^\s*DELETE\s+FROM\s+"public"\."wishlist_items"/i), indexOf(/^\s*UPDATE\s+"public"\."properties"/i)];
    expect(begin).toBeGreaterThanOrEqual(0);
    for (const write of writes) {
      expect(write).toBeGreaterThan(begin);
      expect(write).toBeLessThan(commit);
    }
    expect(statements.filter((sql) => /^\s*(BEGIN|COMMIT)/i.test(sql))).toHaveLength(2);

    // Pending offers rejected; others untouched; the offers keep their property.
    for (const { id } of pendingOffers) expect((await app.db.offer.findUniqueOrThrow({ where: { id } })).status).toBe('rejected');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: earlierRejected.id } })).status).toBe('rejected');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: neighbourOffer.id } })).status).toBe('pending');
    const offersKept = await app.db.offer.findMany({ where: { propertyId: property.id }, include: { property: true } });
    expect(offersKept).toHaveLength(3);
    for (const kept of offersKept) expect(kept.property.title).toBe(property.title);

    // Wishlist entries of this property gone, the neighbour's kept.
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(0);
    expect(await app.db.wishlistItem.count({ where: { propertyId: neighbour.id } })).toBe(1);

    // The row stays, marked deleted and no longer advertised.
    const row = await stored(property.id);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.isAdvertised).toBe(false);

    // Gone from every look-up and list.
    for (const account of [agent, admin, buyer]) {
      const read = await app.graphql(operations.Property, { id: property.id }, account.idToken);
      expect(errorOf(read)).toMatchObject({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    }
    expect((await app.rest('GET', `/api/properties/${property.id}`, { token: admin.idToken })).status).toBe(404);
    const mine = await app.graphql(operations.MyProperties, {}, agent.idToken);
    expect(dataOf(mine).myProperties.nodes.map((p) => p.id)).not.toContain(property.id);
    expect(dataOf(mine).myProperties.nodes.map((p) => p.id)).toContain(neighbour.id);
    const all = await app.graphql(operations.AllProperties, { first: 1000 }, admin.idToken);
    expect(dataOf(all).allProperties.nodes.map((p) => p.id)).not.toContain(property.id);
    const verified = await app.graphql(operations.VerifiedProperties, { search: row.location, first: 48 }, buyer.idToken);
    expect(dataOf(verified).verifiedProperties.nodes).toEqual([]);
    const advertised = await app.graphql(operations.AdvertisedProperties, { first: 24 });
    expect(dataOf(advertised).advertisedProperties.map((p) => p.id)).not.toContain(property.id);
    const byEmail = await app.rest('GET', `/api/properties?email=${agent.email}`, { token: agent.idToken });
    expect(byEmail.body.map((p: Json) => p._id)).not.toContain(property.id);
    expect((await app.rest('GET', '/api/all-properties', { token: admin.idToken })).body.map((p: Json) => p._id)).not.toContain(property.id);

    // And nothing more can be done with it.
    expect(errorOf(await app.graphql(operations.DeleteProperty, { id: property.id }, agent.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(errorOf(await app.graphql(operations.UpdateProperty, { id: property.id, input: { title: 'x', location: 'y', priceMin: '1', priceMax: '2' } }, agent.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(errorOf(await app.graphql(operations.AdvertiseProperty, { id: property.id }, admin.idToken))?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers { deletedCount: 1 } on REST DELETE /api/properties/:id', async () => {
    const property = await seed(agent.user.id);
    await createOffer(app, property, buyer.user.id);
    await createWishlistItem(app, property.id, buyer.user.id);
    const result = await app.rest('DELETE', `/api/properties/${property.id}`, { token: agent.idToken });
    expect(result).toEqual({ status: 200, body: { deletedCount: 1, rejectedOfferCount: 1, removedWishlistItemCount: 1 } });
    expect((await stored(property.id)).deletedAt).not.toBeNull();
    expect((await app.rest('DELETE', `/api/properties/${property.id}`, { token: agent.idToken })).status).toBe(404);
    expect((await app.rest('DELETE', '/api/properties/nope', { token: agent.idToken })).status).toBe(400);
    const other = await seed(agent.user.id);
    expect((await app.rest('DELETE', `/api/properties/${other.id}`, { token: otherAgent.idToken })).status).toBe(403);
  });

  it('answers NOT_FOUND for an unknown id and BAD_USER_INPUT for a malformed one', async () => {
    expect(errorOf(await app.graphql(operations.DeleteProperty, { id: randomUUID() }, agent.idToken))).toMatchObject({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    expect(errorOf(await app.graphql(operations.DeleteProperty, { id: 'not-a-uuid' }, agent.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('verifying and rejecting (admin)', () => {
  it('moves pending to verified or rejected', async () => {
    const a = await addProperty(agent);
    const b = await addProperty(agent);
    expect(dataOf(await app.graphql(operations.VerifyProperty, { id: a.id }, admin.idToken)).verifyProperty).toEqual({ id: a.id, status: 'verified', isAdvertised: false });
    expect(dataOf(await app.graphql(operations.RejectProperty, { id: b.id }, admin.idToken)).rejectProperty).toEqual({ id: b.id, status: 'rejected', isAdvertised: false });
    expect((await stored(a.id)).status).toBe('verified');
    expect((await stored(b.id)).status).toBe('rejected');
  });

  it.each([
    ['verified', 'rejected', operations.RejectProperty],
    ['verified', 'verified', operations.VerifyProperty],
    ['rejected', 'verified', operations.VerifyProperty],
    ['rejected', 'rejected', operations.RejectProperty],
  ] as const)('refuses any other transition: %s → %s is CONFLICT', async (status, _target, mutation) => {
    const property = await seed(agent.user.id, { status });
    const result = await app.graphql(mutation, { id: property.id }, admin.idToken);
    expect(errorOf(result)).toMatchObject({ message: ONLY_PENDING, extensions: { code: 'CONFLICT' } });
    expect(await stored(property.id)).toEqual(property);
  });

  it('refuses non-admins (FORBIDDEN) and signed-out callers (UNAUTHENTICATED)', async () => {
    const property = await seed(agent.user.id, { status: 'pending' });
    for (const mutation of [operations.VerifyProperty, operations.RejectProperty]) {
      for (const account of [agent, otherAgent, buyer, fraud]) {
        expect(errorOf(await app.graphql(mutation, { id: property.id }, account.idToken))).toMatchObject({ message: ONLY_ADMINS, extensions: { code: 'FORBIDDEN' } });
      }
      expect(errorOf(await app.graphql(mutation, { id: property.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await stored(property.id)).toEqual(property);
  });

  it('answers NOT_FOUND for an unknown id and BAD_USER_INPUT for a malformed one', async () => {
    for (const mutation of [operations.VerifyProperty, operations.RejectProperty]) {
      expect(errorOf(await app.graphql(mutation, { id: randomUUID() }, admin.idToken))).toMatchObject({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
      expect(errorOf(await app.graphql(mutation, { id: 'x' }, admin.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('works over REST PUT /api/properties/status/:id', async () => {
    const property = await seed(agent.user.id, { status: 'pending' });
    const path = `/api/properties/status/${property.id}`;
    for (const status of ['bogus', 'pending', '', undefined]) {
      expect((await app.rest('PUT', path, { token: admin.idToken, body: { status } })).status).toBe(400);
    }
    expect((await app.rest('PUT', path, { token: agent.idToken, body: { status: 'verified' } })).status).toBe(403);
    expect((await app.rest('PUT', path, { body: { status: 'verified' } })).status).toBe(401);
    expect((await stored(property.id)).status).toBe('pending');

    expect(await app.rest('PUT', path, { token: admin.idToken, body: { status: 'verified' } })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect((await stored(property.id)).status).toBe('verified');
    expect((await app.rest('PUT', path, { token: admin.idToken, body: { status: 'rejected' } })).status).toBe(409);

    const other = await seed(agent.user.id, { status: 'pending' });
    expect(await app.rest('PUT', `/api/properties/status/${other.id}`, { token: admin.idToken, body: { status: 'rejected' } })).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect((await stored(other.id)).status).toBe('rejected');
    expect((await app.rest('PUT', '/api/properties/status/zzz', { token: admin.idToken, body: { status: 'verified' } })).status).toBe(400);
    expect((await app.rest('PUT', `/api/properties/status/${randomUUID()}`, { token: admin.idToken, body: { status: 'verified' } })).status).toBe(404);
  });
});

describe('advertising (admin)', () => {
  it('advertises a verified property once; pending and rejected ones are refused', async () => {
    const verified = await seed(agent.user.id, { status: 'verified' });
    const result = await app.graphql(operations.AdvertiseProperty, { id: verified.id }, admin.idToken);
    expect(dataOf(result).advertiseProperty).toEqual({ id: verified.id, status: 'verified', isAdvertised: true });
    expect((await stored(verified.id)).isAdvertised).toBe(true);

    const twice = await app.graphql(operations.AdvertiseProperty, { id: verified.id }, admin.idToken);
    expect(errorOf(twice)).toMatchObject({ message: 'This property is already advertised.', extensions: { code: 'CONFLICT' } });

    for (const status of ['pending', 'rejected'] as const) {
      const property = await seed(agent.user.id, { status });
      const refused = await app.graphql(operations.AdvertiseProperty, { id: property.id }, admin.idToken);
      expect(errorOf(refused)).toMatchObject({ message: 'Only verified properties can be advertised.', extensions: { code: 'CONFLICT' } });
      expect(await stored(property.id)).toEqual(property);
    }
  });

  it('refuses non-admins, unknown and malformed ids', async () => {
    const property = await seed(agent.user.id, { status: 'verified' });
    for (const account of [agent, buyer, fraud]) {
      expect(errorOf(await app.graphql(operations.AdvertiseProperty, { id: property.id }, account.idToken))).toMatchObject({ message: ONLY_ADMINS, extensions: { code: 'FORBIDDEN' } });
    }
    expect(errorOf(await app.graphql(operations.AdvertiseProperty, { id: property.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await stored(property.id)).isAdvertised).toBe(false);
    expect(errorOf(await app.graphql(operations.AdvertiseProperty, { id: randomUUID() }, admin.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(errorOf(await app.graphql(operations.AdvertiseProperty, { id: '42' }, admin.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('lists only verified, advertised, live properties on the public home page list', async () => {
    const shown = await seed(agent.user.id, { status: 'verified' });
    await app.graphql(operations.AdvertiseProperty, { id: shown.id }, admin.idToken);
    const notAdvertised = await seed(agent.user.id, { status: 'verified' });
    // Inconsistent rows arranged directly: advertised but not verified, or deleted.
    const pendingAdvertised = await seed(agent.user.id, { status: 'pending', isAdvertised: true });
    const rejectedAdvertised = await seed(agent.user.id, { status: 'rejected', isAdvertised: true });
    const deletedAdvertised = await seed(agent.user.id, { status: 'verified', isAdvertised: true, deletedAt: new Date() });

    const result = await app.graphql(operations.AdvertisedProperties, { first: 24 }); // no token
    expect(result.errors).toBeUndefined();
    const ids = dataOf(result).advertisedProperties.map((p) => p.id);
    expect(ids).toContain(shown.id);
    for (const hidden of [notAdvertised, pendingAdvertised, rejectedAdvertised, deletedAdvertised]) expect(ids).not.toContain(hidden.id);
    for (const p of dataOf(result).advertisedProperties) expect(p).toMatchObject({ status: 'verified', isAdvertised: true });
    const expected = await app.db.property.findMany({ where: { status: 'verified', isAdvertised: true, deletedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 24 });
    expect(ids).toEqual(expected.map((p) => p.id));
  });

  it('works over REST: PATCH /api/properties/advertise/:id (admin) and GET /api/properties/advertised (no token)', async () => {
    const property = await seed(agent.user.id, { status: 'verified' });
    expect((await app.rest('PATCH', `/api/properties/advertise/${property.id}`, { token: agent.idToken })).status).toBe(403);
    expect((await app.rest('PATCH', `/api/properties/advertise/${property.id}`)).status).toBe(401);
    expect(await app.rest('PATCH', `/api/properties/advertise/${property.id}`, { token: admin.idToken })).toEqual({
      status: 200,
      body: { modifiedCount: 1, message: 'Property advertised successfully!' },
    });
    expect(await app.rest('PATCH', `/api/properties/advertise/${property.id}`, { token: admin.idToken })).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'This property is already advertised.' },
    });
    const pending = await seed(agent.user.id, { status: 'pending' });
    expect((await app.rest('PATCH', `/api/properties/advertise/${pending.id}`, { token: admin.idToken })).status).toBe(409);

    const listed = await app.rest('GET', '/api/properties/advertised?limit=24');
    expect(listed.status).toBe(200);
    const ids = listed.body.map((p: Json) => p._id);
    expect(ids).toContain(property.id);
    expect(ids).not.toContain(pending.id);
    for (const p of listed.body) expect(p).toMatchObject({ status: 'verified', isAdvertised: true });
  });
});

describe('who sees what', () => {
  it('shows a verified property to every signed-in user and nobody signed out', async () => {
    const property = await seed(agent.user.id, { status: 'verified' });
    for (const account of [agent, otherAgent, buyer, admin, fraud]) {
      const result = await app.graphql(operations.Property, { id: property.id }, account.idToken);
      expect(result.data?.property).toMatchObject({ id: property.id, status: 'verified', agent: { id: agent.user.id, email: agent.email } });
    }
    expect(errorOf(await app.graphql(operations.Property, { id: property.id }))).toMatchObject({ message: 'You must be signed in.', extensions: { code: 'UNAUTHENTICATED' } });
    expect((await app.rest('GET', `/api/properties/${property.id}`)).status).toBe(401);
  });

  it.each(['pending', 'rejected'] as const)('shows a %s property only to its agent and admins; others get the missing-id NOT_FOUND', async (status) => {
    const property = await seed(agent.user.id, { status });
    for (const account of [agent, admin]) {
      expect((await app.graphql(operations.Property, { id: property.id }, account.idToken)).data?.property).toMatchObject({ id: property.id, status });
      expect((await app.rest('GET', `/api/properties/${property.id}`, { token: account.idToken })).body).toMatchObject({ _id: property.id, status });
    }
    const missing = errorOf(await app.graphql(operations.Property, { id: randomUUID() }, buyer.idToken));
    expect(missing).toMatchObject({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    for (const account of [otherAgent, buyer, fraud]) {
      const hidden = await app.graphql(operations.Property, { id: property.id }, account.idToken);
      expect(hidden.data).toBeNull();
      expect(errorOf(hidden)).toEqual(missing);
      const viaRest = await app.rest('GET', `/api/properties/${property.id}`, { token: account.idToken });
      expect(viaRest).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: PROPERTY_NOT_FOUND } });
    }
  });

  it('answers BAD_USER_INPUT (never 500) for a malformed id', async () => {
    for (const id of ['abc', '123', 'ffffffff-ffff-ffff-ffff-fffffffffffff', '%27']) {
      const result = await app.graphql(operations.Property, { id }, buyer.idToken);
      expect({ id, error: errorOf(result) }).toMatchObject({ id, error: { message: 'Invalid property id.', extensions: { code: 'BAD_USER_INPUT' } } });
    }
    expect((await app.rest('GET', '/api/properties/abc', { token: buyer.idToken })).status).toBe(400);
  });

  it('lists only the calling agent’s own live properties in myProperties, newest first; agents only', async () => {
    const agentA = await app.createUser('agent');
    const agentB = await app.createUser('agent');
    const older = await seed(agentA.user.id, { status: 'rejected', createdAt: new Date('2021-01-01T00:00:00Z') });
    const newer = await seed(agentA.user.id, { status: 'pending', createdAt: new Date('2021-02-01T00:00:00Z') });
    const newest = await seed(agentA.user.id, { status: 'verified', createdAt: new Date('2021-03-01T00:00:00Z') });
    await seed(agentA.user.id, { status: 'verified', deletedAt: new Date() });
    const others = await seed(agentB.user.id, { status: 'pending' });

    const mine = await app.graphql(operations.MyProperties, {}, agentA.idToken);
    expect(dataOf(mine).myProperties.nodes).toEqual([
      { id: newest.id, status: 'verified', agent: { id: agentA.user.id } },
      { id: newer.id, status: 'pending', agent: { id: agentA.user.id } },
      { id: older.id, status: 'rejected', agent: { id: agentA.user.id } },
    ]);
    expect(dataOf(await app.graphql(operations.MyProperties, {}, agentB.idToken)).myProperties.nodes.map((p) => p.id)).toEqual([others.id]);
    for (const account of [buyer, admin, fraud]) {
      expect(errorOf(await app.graphql(operations.MyProperties, {}, account.idToken))).toMatchObject({ message: ONLY_AGENTS, extensions: { code: 'FORBIDDEN' } });
    }
    expect(errorOf(await app.graphql(operations.MyProperties))?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('lists every live property to admins only in allProperties, filtered by status and paged', async () => {
    const pending = await seed(otherAgent.user.id, { status: 'pending' });
    const rejected = await seed(otherAgent.user.id, { status: 'rejected' });
    const verified = await seed(agent.user.id, { status: 'verified' });
    const deleted = await seed(agent.user.id, { status: 'pending', deletedAt: new Date() });

    const everything = await app.graphql(operations.AllProperties, { first: 1000 }, admin.idToken);
    expect(everything.errors).toBeUndefined();
    const ids = dataOf(everything).allProperties.nodes.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([pending.id, rejected.id, verified.id]));
    expect(ids).not.toContain(deleted.id);
    const live = await app.db.property.findMany({ where: { deletedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    expect(ids).toEqual(live.map((p) => p.id));

    for (const status of ['pending', 'verified', 'rejected'] as PropertyStatus[]) {
      const filtered = await app.graphql(operations.AllProperties, { status, first: 1000 }, admin.idToken);
      expect(dataOf(filtered).allProperties.nodes.map((p) => p.id)).toEqual(live.filter((p) => p.status === status).map((p) => p.id));
    }

    // Paged walk (keyset, newest first) gives the same list.
    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: GraphqlResponse<operations.AllPropertiesQuery> = await app.graphql(operations.AllProperties, { first: 5, after }, admin.idToken);
      walked.push(...dataOf(page).allProperties.nodes.map((p) => p.id));
      if (!dataOf(page).allProperties.pageInfo.hasNextPage) break;
      after = dataOf(page).allProperties.pageInfo.endCursor;
    }
    expect(walked).toEqual(live.map((p) => p.id));

    for (const account of [agent, buyer, fraud]) {
      expect(errorOf(await app.graphql(operations.AllProperties, {}, account.idToken))).toMatchObject({ message: ONLY_ADMINS, extensions: { code: 'FORBIDDEN' } });
    }
    expect(errorOf(await app.graphql(operations.AllProperties, {}))?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('verified properties: search, sort and pages', () => {
  const SORTS: Sort[] = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'AREA_DESC'];
  const T0 = new Date('2020-01-01T00:00:00.000Z').getTime();
  const at = (seconds: number) => new Date(T0 + seconds * 1000);
  const named: Record<string, PropertyRecord> = {};
  const hidden: PropertyRecord[] = [];
  const hiddenTag = unique('Zeta Hollow');

  beforeAll(async () => {
    const rows: Array<[string, string, string, number, string]> = [
      // key, location, priceMin, createdAt (s after T0), agent
      ['gulshan', 'Gulshan, Dhaka', '1500.00', 0, 'agent'],
      ['banani', 'Banani, DHAKA', '1500.00', 0, 'other'],
      ['agrabad', 'Agrabad, Chittagong', '1500.00', 1, 'agent'],
      ['dhanmondi', 'Dhanmondi, dhaka', '999.99', 2, 'other'],
      ['percent', '100% Road, Sylhet', '2500.50', 3, 'agent'],
      ['thousand', '1000 Road, Sylhet', '1.00', 4, 'other'],
      ['underscore', 'Block_A, Khulna', '75000.00', 5, 'agent'],
      ['dash', 'Block-A, Khulna', '999999999999.99', 6, 'other'],
      ['backslash', 'Back\\Slash Lane, Rajshahi', '320.10', 7, 'agent'],
      ['noBackslash', 'BackSlash Lane, Rajshahi', '320.10', 7, 'other'],
      ['tieA', 'Tie Town, Rajshahi', '320.10', 7, 'agent'],
    ];
    for (const [key, location, priceMin, seconds, who] of rows) {
      named[key] = await seed((who === 'agent' ? agent : otherAgent).user.id, { location, priceMin, priceMax: '999999999999.99', createdAt: at(seconds) });
    }
    for (const data of [
      { status: 'pending' as const },
      { status: 'rejected' as const },
      { status: 'verified' as const, deletedAt: new Date() },
    ]) {
      hidden.push(await seed(agent.user.id, { location: `${hiddenTag}, Dhaka`, ...data }));
    }
    named.visibleInHollow = await seed(agent.user.id, { location: `${hiddenTag}, Dhaka` });
  });

  const cents = (p: PropertyRecord) => BigInt(p.priceMin.toFixed(2).replace('.', ''));
  const byId = (a: PropertyRecord, b: PropertyRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const compare: Record<Sort, (a: PropertyRecord, b: PropertyRecord) => number> = {
    PRICE_ASC: (a, b) => (cents(a) < cents(b) ? -1 : cents(a) > cents(b) ? 1 : byId(a, b)),
    PRICE_DESC: (a, b) => (cents(a) < cents(b) ? 1 : cents(a) > cents(b) ? -1 : byId(b, a)),
    NEWEST: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a),
    // Without keywords every listing is as relevant: newest first.
    RELEVANCE: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a),
    AREA_DESC: (a, b) => {
      const area = (p: PropertyRecord) => (p.floorAreaSqm === null ? -1 : Number(p.floorAreaSqm.toFixed(2)));
      return area(b) - area(a) || byId(b, a);
    },
  };

  /** The expected list, worked out here from every row in the database. */
  async function expectedIds(sort: Sort, search?: string) {
    const rows = await app.db.property.findMany({ where: { status: 'verified', deletedAt: null, saleState: { not: 'sold' } } });
    const term = search?.trim().toLowerCase();
    return rows
      .filter((row) => !term || row.location.toLowerCase().includes(term))
      .sort(compare[sort])
      .map((row) => row.id);
  }

  async function page(variables: operations.VerifiedPropertiesQueryVariables, account: Account = buyer) {
    const result = await app.graphql(operations.VerifiedProperties, variables, account.idToken);
    expect(result.errors).toBeUndefined();
    return dataOf(result).verifiedProperties;
  }

  async function walk(sort: Sort, search?: string) {
    const ids: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 500; pages += 1) {
      const current = await page({ sort, search, first: 2, after });
      expect(current.nodes.length).toBeLessThanOrEqual(2);
      for (const node of current.nodes) expect(node.status).toBe('verified');
      ids.push(...current.nodes.map((node) => node.id));
      if (!current.pageInfo.hasNextPage) return ids;
      expect(current.nodes).toHaveLength(2);
      after = current.pageInfo.endCursor;
    }
    throw new Error('too many pages');
  }

  it('requires sign-in and lists only verified, live properties', async () => {
    expect(errorOf(await app.graphql(operations.VerifiedProperties, {}))).toMatchObject({ message: 'You must be signed in.', extensions: { code: 'UNAUTHENTICATED' } });
    expect((await app.rest('GET', '/api/properties/verified')).status).toBe(401);
    const hollow = await page({ search: hiddenTag });
    expect(hollow.nodes.map((n) => n.id)).toEqual([named.visibleInHollow.id]);
    for (const account of [agent, admin, fraud]) {
      expect((await page({ search: hiddenTag }, account)).nodes.map((n) => n.id)).toEqual([named.visibleInHollow.id]);
    }
    const everything = await page({ first: 48 });
    for (const row of hidden) expect(everything.nodes.map((n) => n.id)).not.toContain(row.id);
    expect(everything.nodes.map((n) => n.id)).toEqual((await expectedIds('NEWEST')).slice(0, 48));
  });

  it('matches the location case-insensitively, anywhere in it', async () => {
    const dhaka = (await page({ search: 'DHAKA', first: 48 })).nodes.map((n) => n.id);
    expect(dhaka).toEqual(expect.arrayContaining([named.gulshan.id, named.banani.id, named.dhanmondi.id]));
    expect(dhaka).not.toContain(named.agrabad.id);
    expect(dhaka).toEqual(await expectedIds('NEWEST', 'DHAKA'));
    const ulsh = (await page({ search: 'ulsh', first: 48 })).nodes.map((n) => n.id);
    expect(ulsh).toContain(named.gulshan.id);
    expect(ulsh).toEqual(await expectedIds('NEWEST', 'ulsh'));
    expect((await page({ search: '  gULSHAN, dh  ', first: 48 })).nodes.map((n) => n.id)).toEqual(await expectedIds('NEWEST', 'gulshan, dh'));
    expect((await page({ search: 'no such place anywhere' })).nodes).toEqual([]);
    // Refused, not a 500: too long, or a NUL character PostgreSQL text cannot hold.
    for (const search of ['x'.repeat(101), 'Dha\u0000ka']) {
      expect(errorOf(await app.graphql(operations.VerifiedProperties, { search }, buyer.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    // Blank search: everything.
    expect((await page({ search: '   ', first: 48 })).nodes.map((n) => n.id)).toEqual((await expectedIds('NEWEST')).slice(0, 48));
  });

  it('takes LIKE wildcards in the search literally', async () => {
    const search = async (term: string) => (await page({ search: term, first: 48 })).nodes.map((n) => n.id);
    const cases: Array<[string, PropertyRecord[], PropertyRecord[]]> = [
      ['%', [named.percent], [named.thousand, named.gulshan]],
      ['100%', [named.percent], [named.thousand]],
      ['_', [named.underscore], [named.dash, named.gulshan]],
      ['Block_A', [named.underscore], [named.dash]],
      ['\\', [named.backslash], [named.noBackslash]],
      ['k\\S', [named.backslash], [named.noBackslash]],
      ['%Road', [], [named.percent, named.thousand]],
    ];
    for (const [term, included, excluded] of cases) {
      const ids = await search(term);
      expect({ term, ids }).toEqual({ term, ids: await expectedIds('NEWEST', term) });
      for (const row of included) expect({ term, ids }).toEqual({ term, ids: expect.arrayContaining([row.id]) });
      for (const row of excluded) expect({ term, ids }).not.toEqual({ term, ids: expect.arrayContaining([row.id]) });
    }
  });

  it('sorts by minimum price (ties by id) or newest first (ties by id)', async () => {
    const asc = (await page({ sort: 'PRICE_ASC', first: 48 })).nodes;
    expect(asc.map((n) => n.id)).toEqual((await expectedIds('PRICE_ASC')).slice(0, 48));
    // Prices never go down, and equal prices are in id order.
    for (let i = 1; i < asc.length; i += 1) {
      const [a, b] = [asc[i - 1], asc[i]];
      const [ca, cb] = [BigInt(a.priceMin.replace('.', '')), BigInt(b.priceMin.replace('.', ''))];
      expect(ca <= cb).toBe(true);
      if (ca === cb) expect(a.id < b.id).toBe(true);
    }
    const desc = (await page({ sort: 'PRICE_DESC', first: 48 })).nodes.map((n) => n.id);
    expect(desc).toEqual((await expectedIds('PRICE_DESC')).slice(0, 48));

    // The seeded ties (same price, same creation time), within one search.
    const ties = [named.backslash, named.noBackslash, named.tieA].sort(byId).map((p) => p.id);
    const rajshahi = async (sort: Sort) => (await page({ sort, search: 'rajshahi', first: 48 })).nodes.map((n) => n.id).filter((id) => ties.includes(id));
    expect(await rajshahi('PRICE_ASC')).toEqual(ties);
    expect(await rajshahi('PRICE_DESC')).toEqual([...ties].reverse());
    expect(await rajshahi('NEWEST')).toEqual([...ties].reverse());
    // And the same-time pair at T0 (Gulshan, Banani) is in id order, descending, when newest first.
    const t0 = [named.gulshan, named.banani].sort(byId).reverse().map((p) => p.id);
    expect((await page({ sort: 'NEWEST', search: 'dhaka', first: 48 })).nodes.map((n) => n.id).filter((id) => t0.includes(id))).toEqual(t0);

    // Newest: a just-added listing comes first.
    const fresh = await seed(otherAgent.user.id, { location: 'Fresh Lane, Dhaka' });
    expect((await page({ sort: 'NEWEST', first: 1 })).nodes[0].id).toBe(fresh.id);
    // The default order is NEWEST.
    expect((await page({ first: 1 })).nodes[0].id).toBe(fresh.id);
  });

  it('walks every page (first: 2) for each sort and search: same list, no duplicates, no gaps', async () => {
    for (const search of [undefined, 'dhaka', 'Road', 'a', hiddenTag, 'nowhere at all']) {
      for (const sort of SORTS) {
        const ids = await walk(sort, search);
        const expected = await expectedIds(sort, search);
        expect({ sort, search, ids }).toEqual({ sort, search, ids: expected });
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });

  it('keeps the next page stable when a listing is added after the first page (keyset, not offset)', async () => {
    for (const sort of SORTS) {
      const before = await expectedIds(sort);
      const first = await page({ sort, first: 2 });
      expect(first.nodes.map((n) => n.id)).toEqual(before.slice(0, 2));
      // A new listing that sorts before the cursor: newest, cheapest or dearest.
      const priceMin = sort === 'PRICE_ASC' ? '1.00' : sort === 'PRICE_DESC' ? '999999999999.99' : '5000.00';
      const added = await seed(otherAgent.user.id, { location: 'Latecomer Lane, Dhaka', priceMin, priceMax: '999999999999.99' });
      const second = await page({ sort, first: 2, after: first.pageInfo.endCursor });
      expect({ sort, ids: second.nodes.map((n) => n.id) }).toEqual({ sort, ids: before.slice(2, 4) });
      expect(second.nodes.map((n) => n.id)).not.toContain(added.id);
      // It is there for someone starting again.
      expect((await expectedIds(sort)).slice(0, 3)).toContain(added.id);
    }
  });

  it('refuses garbage cursors and cursors of another sort order', async () => {
    const newestCursor = (await page({ sort: 'NEWEST', first: 2 })).pageInfo.endCursor!;
    const priceCursor = (await page({ sort: 'PRICE_ASC', first: 2 })).pageInfo.endCursor!;
    const encode = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const id = named.gulshan.id;
    const cases: Array<[Sort, string]> = [
      ['NEWEST', 'garbage'],
      ['NEWEST', '!!!not-base64!!!'],
      ['PRICE_ASC', newestCursor],
      ['PRICE_DESC', priceCursor],
      ['NEWEST', priceCursor],
      ['PRICE_ASC', encode(['PRICE_ASC', '1e3', id])],
      ['PRICE_ASC', encode(['PRICE_ASC', '1000.00', 'not-a-uuid'])],
      ['PRICE_ASC', encode(['PRICE_ASC', '1000.00'])],
      ['PRICE_ASC', encode({ sort: 'PRICE_ASC', value: '1000.00', id })],
      ['PRICE_DESC', encode(['PRICE_DESC', 1000, id])],
      ['NEWEST', encode(['NEWEST', 'yesterday', id])],
      ['NEWEST', encode(['NEWEST', '2021-02-30T00:00:00.000Z', id])],
      // JavaScript dates PostgreSQL cannot hold (this one was a 500).
      ['NEWEST', encode(['NEWEST', '-271821-04-20T00:00:00.000Z', id])],
      ['NEWEST', encode(['NEWEST', '-004714-01-01T00:00:00.000Z', id])],
      ['NEWEST', encode(['NEWEST', '1700000000000', id])],
    ];
    for (const [sort, after] of cases) {
      const result = await app.graphql(operations.VerifiedProperties, { sort, first: 2, after }, buyer.idToken);
      expect({ sort, after, error: errorOf(result) }).toMatchObject({ sort, after, error: { message: INVALID_CURSOR, extensions: { code: 'BAD_USER_INPUT' } } });
    }
    const viaRest = await app.rest('GET', '/api/properties/verified?sort=asc&cursor=garbage', { token: buyer.idToken });
    expect(viaRest).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: INVALID_CURSOR } });
  });

  it('refuses a page size outside 1..48', async () => {
    for (const first of [0, -1, 49, 1000]) {
      const result = await app.graphql(operations.VerifiedProperties, { first }, buyer.idToken);
      expect({ first, error: errorOf(result) }).toMatchObject({ first, error: { message: 'Page size must be between 1 and 48.', extensions: { code: 'BAD_USER_INPUT' } } });
    }
    expect((await page({ first: 1 })).nodes).toHaveLength(1);
    expect((await page({ first: 48 })).nodes.length).toBe(Math.min(48, (await expectedIds('NEWEST')).length));
    expect((await app.rest('GET', '/api/properties/verified?limit=49', { token: buyer.idToken })).status).toBe(400);
  });
});

describe('no N+1 queries', () => {
  const town = unique('Nplusone Town');

  beforeAll(async () => {
    // 24 listings by 24 different agents: an agent query per card would show.
    for (let i = 0; i < 24; i += 1) {
      const owner = await app.db.user.create({
        data: { firebaseUid: `nplus1-${i}-${randomBytes(4).toString('hex')}`, email: `nplus1-${i}-${randomBytes(4).toString('hex')}@example.test`, name: `Card Agent ${i}`, image: `https://images.example.test/agent-${i}.jpg`, role: 'agent' },
      });
      await seed(owner.id, { location: `${town}, Dhaka`, title: `Card ${i}` });
    }
  });

  it('sends as many SQL statements for 24 cards with their agents as for 2 (GraphQL and REST)', async () => {
    const measure = async (first: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.PropertyCards, { search: town, first }, buyer.idToken));
      expect(result.errors).toBeUndefined();
      expect(dataOf(result).verifiedProperties.nodes).toHaveLength(first);
      return { nodes: dataOf(result).verifiedProperties.nodes, statements };
    };
    const small = await measure(2);
    const large = await measure(24);
    expect(new Set(large.nodes.map((n) => n.agent.name)).size).toBe(24);
    for (const node of large.nodes) expect(node.agent.image).toMatch(/^https:\/\/images\.example\.test\/agent-\d+\.jpg$/);
    console.log(`verifiedProperties SQL statements: first 2 → ${small.statements.length}, first 24 → ${large.statements.length}`);
    // The caller's record is read by the first request and then kept (context/viewer-lookup.ts, tested there).
    const callerLookUp = /FROM "public"\."users" WHERE \("public"\."users"\."firebase_uid" = \$1/;
    const withoutCaller = (statements: string[]) => statements.filter((sql) => !callerLookUp.test(sql));
    expect(large.statements.filter((sql) => callerLookUp.test(sql)).length).toBeLessThanOrEqual(1);
    // On failure Jest prints the statements themselves.
    expect(withoutCaller(large.statements)).toHaveLength(withoutCaller(small.statements).length);
    // Whether the text names a place (a look-up in the small places table), one page query, one batched query for all 24 agents.
    expect(withoutCaller(large.statements)).toEqual([
      expect.stringMatching(/FROM places WHERE listed_count > 0 AND lower\(name\) = \$1/),
      // The page query is the list's own SQL (verified-listings-sql.ts), joined to its agents only for the fraud rule.
      expect.stringMatching(/FROM properties p JOIN users a ON a\.id = p\.agent_id WHERE/),
      expect.stringMatching(/FROM users t WHERE t\.id = ANY\(\$1::uuid\[\]\)/),
    ]);

    const rest = async (limit: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() => app.rest('GET', `/api/properties/verified?search=${encodeURIComponent(town)}&limit=${limit}`, { token: buyer.idToken }));
      expect(result.status).toBe(200);
      expect(result.body).toHaveLength(limit);
      return statements.length;
    };
    const [restSmall, restLarge] = [await rest(2), await rest(24)];
    console.log(`GET /api/properties/verified SQL statements: limit 2 → ${restSmall}, limit 24 → ${restLarge}`);
    expect(restLarge).toBe(restSmall);
  });

  it('reads a details page with its reviews in 5 statements, however many reviewers (listing and visibility once, agent, reviews, reviewers, the view counted)', async () => {
    const reviewedBy = async (count: number) => {
      const listing = await seed(otherAgent.user.id, { title: unique('Reviewed') });
      for (let i = 0; i < count; i += 1) await createReview(app, listing.id, (await createUserRow(app, `reviewer${i}`)).id);
      return listing;
    };
    const [few, many] = [await reviewedBy(2), await reviewedBy(12)];
    await app.graphql(operations.Property, { id: few.id }, buyer.idToken); // the caller's record (and the day's view secret) is read once, then kept
    const measure = async (id: string, reviews: number) => {
      const { result, statements } = await app.sqlStatementsDuring(() => app.graphql(operations.PropertyDetailsWithReviews, { id }, buyer.idToken));
      expect(result.errors).toBeUndefined();
      expect(dataOf(result).property).toMatchObject({ id, agent: { id: otherAgent.user.id, name: 'Olive Other' } });
      expect(dataOf(result).propertyReviews).toHaveLength(reviews);
      expect(new Set(dataOf(result).propertyReviews.map((review) => review.reviewer.id)).size).toBe(reviews);
      return statements;
    };
    const [small, large] = [await measure(few.id, 2), await measure(many.id, 12)];
    console.log(`property + propertyReviews SQL statements: 2 reviews → ${small.length}, 12 reviews → ${large.length}`);
    expect(large).toHaveLength(small.length);
    // The reads go through the driver (db/records.ts): `FROM properties p`, `FROM reviews r`, `FROM users t`.
    const from = (table: string) => large.filter((sql) => new RegExp(`FROM ${table} \\w+ `).test(sql));
    // One read of the listing for both fields, its visibility (status, agent's role) inside it.
    expect(from('properties')).toEqual([expect.stringMatching(/FROM properties p JOIN users a ON a\.id = p\.agent_id WHERE p\.id = ANY\(\$1::uuid\[\]\) AND /)]);
    expect(from('reviews')).toHaveLength(1);
    // The agent, then the reviewers in one batch.
    // (Read through the driver, db/records.ts: the ids are one array parameter; the statement count above shows the batch.)
    const users = large.filter((sql) => /FROM users t WHERE t\.id = ANY\(\$1::uuid\[\]\)/.test(sql));
    expect(users).toHaveLength(2);
    // The agents' numbers count the view in one statement (the day's secret was read by the first request).
    expect(large.filter((sql) => /INSERT INTO listing_view_keys/i.test(sql))).toHaveLength(1);
    expect(large).toHaveLength(5);

    // Someone who may not see it gets NOT_FOUND from both fields, as before.
    const hidden = await seed(otherAgent.user.id, { status: 'pending' });
    const refused = await app.graphql(operations.PropertyDetailsWithReviews, { id: hidden.id }, buyer.idToken);
    expect(refused.data).toBeNull();
    expect(errorOf(refused)).toMatchObject({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
    expect(dataOf(await app.graphql(operations.PropertyDetailsWithReviews, { id: hidden.id }, otherAgent.idToken)).property.id).toBe(hidden.id);
    expect(dataOf(await app.graphql(operations.PropertyDetailsWithReviews, { id: hidden.id }, admin.idToken)).property.id).toBe(hidden.id);
  });
});

describe('REST routes', () => {
  it('lists an agent’s own properties by e-mail; another agent’s is 403; admins may ask for anyone’s', async () => {
    const agentA = await app.createUser('agent');
    const own = await seed(agentA.user.id, { status: 'pending' });
    const ownVerified = await seed(agentA.user.id, { status: 'verified' });
    const mine = await app.rest('GET', `/api/properties?email=${encodeURIComponent(agentA.email.toUpperCase())}`, { token: agentA.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.map((p: Json) => p._id).sort()).toEqual([own.id, ownVerified.id].sort());
    for (const p of mine.body) expect(p.agentEmail).toBe(agentA.email);

    expect(await app.rest('GET', `/api/properties?email=${encodeURIComponent(agentA.email)}`, { token: otherAgent.idToken })).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'You can only list your own properties.' },
    });
    expect((await app.rest('GET', `/api/properties?email=${encodeURIComponent(agentA.email)}`, { token: buyer.idToken })).status).toBe(403);
    const asAdmin = await app.rest('GET', `/api/properties?email=${encodeURIComponent(agentA.email)}`, { token: admin.idToken });
    expect(asAdmin.body.map((p: Json) => p._id).sort()).toEqual([own.id, ownVerified.id].sort());
    expect((await app.rest('GET', '/api/properties', { token: agentA.idToken })).status).toBe(400);
    expect((await app.rest('GET', `/api/properties?email=${encodeURIComponent(agentA.email)}`)).status).toBe(401);
  });

  it('GET /api/properties/verified answers the spec’s property documents, searched and sorted by price', async () => {
    const tag = unique('Spec Field Road');
    const listingAgent = await app.createUser('agent', { name: 'Spec Agent' });
    await app.db.user.update({ where: { id: listingAgent.user.id }, data: { image: 'https://images.example.test/spec-agent.jpg' } });
    const cheap = await seed(listingAgent.user.id, { location: `${tag}, Dhaka`, title: 'Cheap', description: 'Small.', priceMin: '1500.50', priceMax: '999999999999.99' });
    const dear = await seed(listingAgent.user.id, { location: `${tag}, Dhaka`, title: 'Dear', description: 'Big.', priceMin: '250000.10', priceMax: '300000.00' });
    await seed(listingAgent.user.id, { location: `${tag}, Dhaka`, status: 'pending' });

    const asc = await app.rest('GET', `/api/properties/verified?search=${encodeURIComponent(tag.toUpperCase())}&sort=asc`, { token: buyer.idToken });
    expect(asc.status).toBe(200);
    expect(asc.body).toEqual([
      {
        _id: cheap.id,
        title: 'Cheap',
        location: `${tag}, Dhaka`,
        image: cheap.image,
        description: 'Small.',
        priceMin: 1500.5,
        priceMax: 999999999999.99,
        agentName: 'Spec Agent',
        agentEmail: listingAgent.email,
        agentImage: 'https://images.example.test/spec-agent.jpg',
        status: 'verified',
        isAdvertised: false,
        createdAt: cheap.createdAt.toISOString(),
        updatedAt: cheap.updatedAt.toISOString(),
      },
      expect.objectContaining({ _id: dear.id, priceMin: 250000.1, priceMax: 300000 }),
    ]);
    expect(Object.keys(asc.body[0]).sort()).toEqual(
      ['_id', 'title', 'location', 'image', 'priceMin', 'priceMax', 'agentName', 'agentEmail', 'agentImage', 'status', 'isAdvertised', 'description', 'createdAt', 'updatedAt'].sort(),
    );
    for (const p of asc.body) {
      expect(typeof p.priceMin).toBe('number');
      expect(typeof p.priceMax).toBe('number');
    }
    const desc = await app.rest('GET', `/api/properties/verified?search=${encodeURIComponent(tag)}&sort=desc`, { token: buyer.idToken });
    expect(desc.body.map((p: Json) => p._id)).toEqual([dear.id, cheap.id]);
    expect((await app.rest('GET', '/api/properties/verified?sort=sideways', { token: buyer.idToken })).status).toBe(400);
    // Empty search: every verified property.
    const all = await app.rest('GET', '/api/properties/verified?search=&sort=asc&limit=48', { token: buyer.idToken });
    expect(all.status).toBe(200);
    for (const p of all.body) expect(p.status).toBe('verified');
  });

  it('POST /api/properties ignores status, agent and dates sent by the client', async () => {
    const title = unique('Posted');
    const result = await app.rest('POST', '/api/properties', {
      token: agent.idToken,
      body: {
        title,
        location: 'Uttara, Dhaka',
        image: 'https://images.example.test/posted.jpg',
        priceMin: 1200,
        priceMax: 1500.75,
        agentName: 'Mallory',
        agentEmail: otherAgent.email,
        agentImage: 'https://evil.example.test/x.jpg',
        status: 'verified',
        isAdvertised: true,
        createdAt: '1999-01-01T00:00:00.000Z',
      },
    });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({
      insertedId: result.body._id,
      title,
      status: 'pending',
      isAdvertised: false,
      agentEmail: agent.email,
      agentName: 'Avery Agent',
      priceMin: 1200,
      priceMax: 1500.75,
    });
    expect(result.body.agentImage).toBeUndefined();
    expect(result.body.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    const row = await stored(result.body._id);
    expect(row).toMatchObject({ agentId: agent.user.id, status: 'pending', isAdvertised: false });
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect([row.priceMin.toFixed(2), row.priceMax.toFixed(2)]).toEqual(['1200.00', '1500.75']);

    const invalid = await app.rest('POST', '/api/properties', { token: agent.idToken, body: { title: '', location: 'x', image: 'https://images.example.test/a.jpg', priceMin: 5, priceMax: 1 } });
    expect(invalid).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: 'Property title is required', fieldErrors: { title: 'Property title is required', priceMax: 'Maximum price must be greater than or equal to minimum price' } },
    });
    expect((await app.rest('POST', '/api/properties', { token: buyer.idToken, body: { title: unique('x') } })).status).toBe(403);
  });

  it('GET /api/all-properties is for admins only', async () => {
    const pending = await seed(otherAgent.user.id, { status: 'pending' });
    for (const account of [agent, buyer, fraud]) {
      expect((await app.rest('GET', '/api/all-properties', { token: account.idToken })).status).toBe(403);
    }
    expect((await app.rest('GET', '/api/all-properties')).status).toBe(401);
    const all = await app.rest('GET', '/api/all-properties', { token: admin.idToken });
    expect(all.status).toBe(200);
    expect(all.body.map((p: Json) => p._id)).toContain(pending.id);
    const live = await app.db.property.count({ where: { deletedAt: null } });
    expect(all.body).toHaveLength(live);
    const filtered = await app.rest('GET', '/api/all-properties?status=pending', { token: admin.idToken });
    for (const p of filtered.body) expect(p.status).toBe('pending');
    expect((await app.rest('GET', '/api/all-properties?status=sold', { token: admin.idToken })).status).toBe(400);
  });
});
