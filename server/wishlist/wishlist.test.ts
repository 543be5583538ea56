// Wishlists through the real app over HTTP (GraphQL, and the REST routes of spec
// section 7): only buyers keep one, only of verified live properties, once per
// property; each buyer sees and removes only their own items; the REST answers
// carry the spec's propertyInfo, taken from the property itself.
import { randomUUID } from 'node:crypto';
import type { Property as PropertyRecord } from '../generated/prisma/client';
import { callersRefusedBuyersActions, createListing, dataOf, errorOf, startAppWithCast, unique, type Account, type Json, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';

const ALREADY = 'Already in wishlist';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, otherBuyer: Account, admin: Account, fraud: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, otherBuyer, admin, fraud } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin', 'fraud'], { images: { agent: 'https://images.example.test/avery.jpg' } })));
afterAll(() => app?.close());

/** A listing arranged directly in the database (verified unless told otherwise). */
const seed = (agentId = agent.user.id, data: ListingData = {}) =>
  createListing(app, agentId, { title: unique('Wished'), location: 'Banani, Dhaka', image: 'https://images.example.test/wished.jpg', ...data });

async function add(account: Account, propertyId: string) {
  const result = await app.graphql(operations.AddToWishlist, { propertyId }, account.idToken);
  expect(result.errors).toBeUndefined();
  return dataOf(result).addToWishlist;
}

const rowsOf = (userId: string, propertyId?: string) => app.db.wishlistItem.count({ where: { userId, ...(propertyId ? { propertyId } : {}) } });

describe('adding to the wishlist', () => {
  it('lets a buyer add a verified property, with the property and its agent joined', async () => {
    const property = await seed(agent.user.id, { priceMin: '1500.50', priceMax: '999999999999.99' });
    const item = await add(buyer, property.id);
    expect(item).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      property: {
        id: property.id,
        title: property.title,
        location: 'Banani, Dhaka',
        image: property.image,
        priceMin: '1500.50',
        priceMax: '999999999999.99',
        status: 'verified',
        agent: { id: agent.user.id, name: 'Avery Agent', email: agent.email, image: 'https://images.example.test/avery.jpg' },
      },
    });
    const row = await app.db.wishlistItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(row).toMatchObject({ userId: buyer.user.id, propertyId: property.id });
  });

  it.each(callersRefusedBuyersActions(() => ({ agent, admin, fraud })))('refuses %s and stores nothing', async (_who, accountOf, code, message) => {
    const property = await seed();
    const result = await app.graphql(operations.AddToWishlist, { propertyId: property.id }, accountOf()?.idToken);
    expect(result.data).toBeNull();
    expect(errorOf(result)).toMatchObject({ message, extensions: { code } });
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it('finds only verified, not deleted properties (NOT_FOUND otherwise); a malformed id is BAD_USER_INPUT', async () => {
    const pending = await seed(agent.user.id, { status: 'pending' });
    const rejected = await seed(agent.user.id, { status: 'rejected' });
    const deleted = await seed(agent.user.id, { deletedAt: new Date() });
    for (const propertyId of [pending.id, rejected.id, deleted.id, randomUUID()]) {
      const result = await app.graphql(operations.AddToWishlist, { propertyId }, buyer.idToken);
      expect({ propertyId, error: errorOf(result) }).toEqual({ propertyId, error: expect.objectContaining({ message: 'Property not found.', extensions: { code: 'NOT_FOUND' } }) });
    }
    for (const propertyId of ['not-an-id', '', `${pending.id}x`]) {
      expect(errorOf(await app.graphql(operations.AddToWishlist, { propertyId }, buyer.idToken))).toMatchObject({ message: 'Invalid property id.', extensions: { code: 'BAD_USER_INPUT' } });
    }
    expect(await rowsOf(buyer.user.id, pending.id)).toBe(0);
    expect(await app.db.wishlistItem.count({ where: { propertyId: { in: [pending.id, rejected.id, deleted.id] } } })).toBe(0);
  });

  it("answers CONFLICT 'Already in wishlist' the second time and keeps one row; other buyers may still add it", async () => {
    const property = await seed();
    await add(buyer, property.id);
    const again = await app.graphql(operations.AddToWishlist, { propertyId: property.id }, buyer.idToken);
    expect(again.data).toBeNull();
    expect(errorOf(again)).toMatchObject({ message: ALREADY, extensions: { code: 'CONFLICT' } });
    expect(await rowsOf(buyer.user.id, property.id)).toBe(1);

    // At the same time, too: the unique index decides.
    const racing = await seed();
    const results = await Promise.all([1, 2, 3].map(() => app.graphql(operations.AddToWishlist, { propertyId: racing.id }, buyer.idToken)));
    expect(results.filter((r) => r.data?.addToWishlist)).toHaveLength(1);
    for (const failed of results.filter((r) => !r.data?.addToWishlist)) expect(errorOf(failed)).toMatchObject({ message: ALREADY, extensions: { code: 'CONFLICT' } });
    expect(await rowsOf(buyer.user.id, racing.id)).toBe(1);

    await add(otherBuyer, property.id);
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(2);
  });
});

describe('reading and removing', () => {
  it('lists only the caller’s items, newest first, with the property joined; deleted properties drop out', async () => {
    const lister = await app.createUser('user');
    const stranger = await app.createUser('user');
    const [first, second, third] = [await seed(), await seed(otherAgent.user.id), await seed()];
    const items = [await add(lister, first.id), await add(lister, second.id), await add(lister, third.id)];
    await add(stranger, first.id);
    // The order is by creation time, not by id: make the first-added the newest.
    const base = Date.now();
    await app.db.wishlistItem.update({ where: { id: items[0].id }, data: { createdAt: new Date(base + 3000) } });
    await app.db.wishlistItem.update({ where: { id: items[1].id }, data: { createdAt: new Date(base + 1000) } });
    await app.db.wishlistItem.update({ where: { id: items[2].id }, data: { createdAt: new Date(base + 2000) } });

    const mine = await app.graphql(operations.MyWishlist, {}, lister.idToken);
    expect(mine.errors).toBeUndefined();
    expect(dataOf(mine).myWishlist.nodes.map((i) => i.id)).toEqual([items[0].id, items[2].id, items[1].id]);
    expect(dataOf(mine).myWishlist.nodes.map((i) => i.property.id)).toEqual([first.id, third.id, second.id]);
    expect(dataOf(mine).myWishlist.nodes[2].property).toMatchObject({ title: second.title, agent: { id: otherAgent.user.id, name: 'Olive Other', email: otherAgent.email, image: null } });
    expect(dataOf(mine).myWishlist.nodes[0].createdAt).toBe(new Date(base + 3000).toISOString());

    const theirs = await app.graphql(operations.MyWishlist, {}, stranger.idToken);
    expect(dataOf(theirs).myWishlist.nodes.map((i) => i.property.id)).toEqual([first.id]);

    // The agent deletes a listing: it leaves the wishlist view.
    await app.db.property.update({ where: { id: third.id }, data: { deletedAt: new Date() } });
    const after = await app.graphql(operations.MyWishlist, {}, lister.idToken);
    expect(dataOf(after).myWishlist.nodes.map((i) => i.property.id)).toEqual([first.id, second.id]);

    for (const account of [agent, admin, fraud]) expect(errorOf(await app.graphql(operations.MyWishlist, {}, account.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.MyWishlist, {}))?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('reads one’s own item; someone else’s is FORBIDDEN; unknown is NOT_FOUND, malformed BAD_USER_INPUT', async () => {
    const property = await seed();
    const item = await add(buyer, property.id);
    const own = await app.graphql(operations.WishlistItem, { id: item.id }, buyer.idToken);
    expect(dataOf(own).wishlistItem).toEqual(item);

    const foreign = await app.graphql(operations.WishlistItem, { id: item.id }, otherBuyer.idToken);
    expect(foreign.data).toBeNull();
    expect(errorOf(foreign)).toMatchObject({ message: 'This wishlist item belongs to someone else.', extensions: { code: 'FORBIDDEN' } });
    for (const account of [agent, admin]) expect(errorOf(await app.graphql(operations.WishlistItem, { id: item.id }, account.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.WishlistItem, { id: randomUUID() }, buyer.idToken))).toMatchObject({ message: 'Wishlist item not found.', extensions: { code: 'NOT_FOUND' } });
    expect(errorOf(await app.graphql(operations.WishlistItem, { id: 'nope' }, buyer.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('removes one’s own item and returns its id; someone else’s is FORBIDDEN and stays', async () => {
    const property = await seed();
    const item = await add(buyer, property.id);

    for (const account of [otherBuyer, agent, admin]) {
      const refused = await app.graphql(operations.RemoveFromWishlist, { id: item.id }, account.idToken);
      expect(refused.data).toBeNull();
      expect(errorOf(refused)?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(errorOf(await app.graphql(operations.RemoveFromWishlist, { id: item.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await app.db.wishlistItem.count({ where: { id: item.id } })).toBe(1);

    const removed = await app.graphql(operations.RemoveFromWishlist, { id: item.id }, buyer.idToken);
    expect(removed).toEqual({ status: 200, data: { removeFromWishlist: item.id } });
    expect(await app.db.wishlistItem.count({ where: { id: item.id } })).toBe(0);
    expect(errorOf(await app.graphql(operations.RemoveFromWishlist, { id: item.id }, buyer.idToken))?.extensions?.code).toBe('NOT_FOUND');
    // Removed, it can be added again.
    await add(buyer, property.id);
  });
});

describe('REST routes', () => {
  /** The spec's propertyInfo for a property of `owner`, as the server must build it. */
  const infoOf = (property: PropertyRecord, owner: Account, priceMin: number, priceMax: number, agentImage?: string) => ({
    title: property.title,
    image: property.image,
    location: property.location,
    agentName: owner.user.name,
    ...(agentImage ? { agentImage } : {}),
    agentEmail: owner.email,
    propertyStatus: 'verified',
    priceMin,
    priceMax,
  });

  it('POST /api/wishlist adds for the caller only and builds propertyInfo from the property, whatever the client sent', async () => {
    const property = await seed(agent.user.id, { priceMin: '1200.50', priceMax: '999999999999.99' });
    const forged = { title: 'Palace', image: 'https://evil.example.test/x.jpg', location: 'Moon', agentName: 'Mallory', agentEmail: 'mallory@example.test', propertyStatus: 'verified', priceMin: 1, priceMax: 2 };

    const asSomeoneElse = await app.rest('POST', '/api/wishlist', { token: buyer.idToken, body: { userEmail: otherBuyer.email, propertyId: property.id, propertyInfo: forged } });
    expect(asSomeoneElse).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'You can only add to your own wishlist.' } });
    expect(await app.db.wishlistItem.count({ where: { propertyId: property.id } })).toBe(0);

    const result = await app.rest('POST', '/api/wishlist', { token: buyer.idToken, body: { userEmail: buyer.email.toUpperCase(), propertyId: property.id, propertyInfo: forged } });
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      insertedId: result.body._id,
      _id: expect.any(String),
      userEmail: buyer.email,
      propertyId: property.id,
      propertyInfo: infoOf(property, agent, 1200.5, 999999999999.99, 'https://images.example.test/avery.jpg'),
      createdAt: expect.any(String),
    });
    expect(await app.db.wishlistItem.findUniqueOrThrow({ where: { id: result.body._id } })).toMatchObject({ userId: buyer.user.id, propertyId: property.id });

    const twice = await app.rest('POST', '/api/wishlist', { token: buyer.idToken, body: { userEmail: buyer.email, propertyId: property.id, propertyInfo: forged } });
    expect(twice).toEqual({ status: 409, body: { code: 'CONFLICT', message: ALREADY } });
    expect(await rowsOf(buyer.user.id, property.id)).toBe(1);

    expect((await app.rest('POST', '/api/wishlist', { token: agent.idToken, body: { userEmail: agent.email, propertyId: property.id } })).status).toBe(403);
    expect((await app.rest('POST', '/api/wishlist', { body: { userEmail: buyer.email, propertyId: property.id } })).status).toBe(401);
    const pending = await seed(agent.user.id, { status: 'pending' });
    expect((await app.rest('POST', '/api/wishlist', { token: buyer.idToken, body: { userEmail: buyer.email, propertyId: pending.id } })).status).toBe(404);
    expect((await app.rest('POST', '/api/wishlist', { token: buyer.idToken, body: { userEmail: buyer.email, propertyId: 'x' } })).status).toBe(400);
  });

  it('GET /api/wishlist?email= answers one’s own list; another user’s is 403; an admin may read anyone’s', async () => {
    const owner = await app.createUser('user');
    const [a, b] = [await seed(), await seed(otherAgent.user.id)];
    const itemA = await add(owner, a.id);
    const itemB = await add(owner, b.id);
    await app.db.wishlistItem.update({ where: { id: itemA.id }, data: { createdAt: new Date(Date.now() + 5000) } });

    const own = await app.rest('GET', `/api/wishlist?email=${encodeURIComponent(owner.email.toUpperCase())}`, { token: owner.idToken });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([
      expect.objectContaining({ _id: itemA.id, userEmail: owner.email, propertyId: a.id, propertyInfo: infoOf(a, agent, 1000, 2000, 'https://images.example.test/avery.jpg') }),
      expect.objectContaining({ _id: itemB.id, userEmail: owner.email, propertyId: b.id, propertyInfo: infoOf(b, otherAgent, 1000, 2000) }),
    ]);

    for (const account of [buyer, agent]) {
      expect(await app.rest('GET', `/api/wishlist?email=${encodeURIComponent(owner.email)}`, { token: account.idToken })).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You can only see your own wishlist.' },
      });
    }
    const asAdmin = await app.rest('GET', `/api/wishlist?email=${encodeURIComponent(owner.email)}`, { token: admin.idToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.map((i: Json) => i._id)).toEqual([itemA.id, itemB.id]);
    expect((await app.rest('GET', `/api/wishlist?email=${encodeURIComponent(owner.email)}`)).status).toBe(401);
    expect((await app.rest('GET', '/api/wishlist', { token: owner.idToken })).status).toBe(400);
  });

  it('DELETE /api/wishlist/:id answers { deletedCount: 1 }; someone else’s item is 403 and stays', async () => {
    const item = await add(buyer, (await seed()).id);
    expect((await app.rest('DELETE', `/api/wishlist/${item.id}`, { token: otherBuyer.idToken })).status).toBe(403);
    expect((await app.rest('DELETE', `/api/wishlist/${item.id}`)).status).toBe(401);
    expect(await app.db.wishlistItem.count({ where: { id: item.id } })).toBe(1);
    expect(await app.rest('DELETE', `/api/wishlist/${item.id}`, { token: buyer.idToken })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await app.db.wishlistItem.count({ where: { id: item.id } })).toBe(0);
    expect((await app.rest('DELETE', `/api/wishlist/${item.id}`, { token: buyer.idToken })).status).toBe(404);
    expect((await app.rest('DELETE', '/api/wishlist/nope', { token: buyer.idToken })).status).toBe(400);
  });

  it('GET /api/wishlist-item/:id answers exactly { _id, propertyId, propertyInfo } with numeric prices', async () => {
    const withImage = await seed(agent.user.id, { priceMin: '100000000000.10', priceMax: '100000000000.30' });
    const withoutImage = await seed(otherAgent.user.id, { priceMin: '1500', priceMax: '2500.5' });
    const itemA = await add(buyer, withImage.id);
    const itemB = await add(buyer, withoutImage.id);

    const a = await app.rest('GET', `/api/wishlist-item/${itemA.id}`, { token: buyer.idToken });
    expect(a).toEqual({
      status: 200,
      body: { _id: itemA.id, propertyId: withImage.id, propertyInfo: infoOf(withImage, agent, 100000000000.1, 100000000000.3, 'https://images.example.test/avery.jpg') },
    });
    expect(Object.keys(a.body).sort()).toEqual(['_id', 'propertyId', 'propertyInfo']);
    expect(Object.keys(a.body.propertyInfo).sort()).toEqual(['agentEmail', 'agentImage', 'agentName', 'image', 'location', 'priceMax', 'priceMin', 'propertyStatus', 'title']);

    const b = await app.rest('GET', `/api/wishlist-item/${itemB.id}`, { token: buyer.idToken });
    expect(b).toEqual({ status: 200, body: { _id: itemB.id, propertyId: withoutImage.id, propertyInfo: infoOf(withoutImage, otherAgent, 1500, 2500.5) } });
    expect(typeof b.body.propertyInfo.priceMin).toBe('number');
    expect(typeof b.body.propertyInfo.priceMax).toBe('number');

    // The info is the property's current one.
    await app.db.property.update({ where: { id: withoutImage.id }, data: { title: 'Renamed', priceMax: '3000.25' } });
    expect((await app.rest('GET', `/api/wishlist-item/${itemB.id}`, { token: buyer.idToken })).body.propertyInfo).toMatchObject({ title: 'Renamed', priceMax: 3000.25 });

    expect((await app.rest('GET', `/api/wishlist-item/${itemA.id}`, { token: otherBuyer.idToken })).status).toBe(403);
    expect((await app.rest('GET', `/api/wishlist-item/${itemA.id}`)).status).toBe(401);
    expect((await app.rest('GET', `/api/wishlist-item/${randomUUID()}`, { token: buyer.idToken })).status).toBe(404);
    expect((await app.rest('GET', '/api/wishlist-item/zzz', { token: buyer.idToken })).status).toBe(400);
  });
});
