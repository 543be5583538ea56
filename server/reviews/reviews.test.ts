// Reviews through the real app over HTTP (GraphQL, and the REST routes of spec
// section 7): only buyers write them, only on verified live properties; text
// rules and verbatim storage; who reads which list; deleting one's own or (admin)
// any; the admin list's cursor pages; the spec's review documents.
import { randomUUID } from 'node:crypto';
import { callersRefusedBuyersActions, createListing, createReview, createUserRow, dataOf, errorOf, PROPERTY_NOT_FOUND, startAppWithCast, unique, type Account, type Json, type ListingData } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { GraphqlResponse, TestApp } from '../test/test-app';

const REQUIRED = 'Review text is required';
const TOO_LONG = 'Review must be at most 2000 characters';
const XSS = '<img src=x onerror=alert(1)>';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, otherBuyer: Account, admin: Account, fraud: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, otherBuyer, admin, fraud } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin', 'fraud'], { images: { buyer: 'https://images.example.test/bea.jpg' } })));
afterAll(() => app?.close());

/** A listing arranged directly in the database (verified unless told otherwise). */
const seed = (agentId = agent.user.id, data: ListingData = {}) =>
  createListing(app, agentId, { title: unique('Reviewed'), location: 'Mirpur, Dhaka', image: 'https://images.example.test/reviewed.jpg', ...data });

/** A review arranged directly in the database. */
const arrange = (propertyId: string, userId: string, createdAt?: Date, text?: string) => createReview(app, propertyId, userId, { createdAt, text });

async function addReview(account: Account, propertyId: string, text = unique('Lovely place')) {
  const result = await app.graphql(operations.AddReview, { propertyId, text }, account.idToken);
  expect(result.errors).toBeUndefined();
  return dataOf(result).addReview;
}

describe('adding a review', () => {
  it('lets a buyer review a verified property; the answer joins the property and the reviewer', async () => {
    const property = await seed();
    const review = await addReview(buyer, property.id, 'Great light, quiet street.');
    expect(review).toEqual({
      id: expect.any(String),
      text: 'Great light, quiet street.',
      createdAt: expect.any(String),
      property: { id: property.id, title: property.title },
      reviewer: { id: buyer.user.id, name: 'Bea Buyer', email: buyer.email, image: 'https://images.example.test/bea.jpg' },
    });
    expect(await app.db.review.findUniqueOrThrow({ where: { id: review.id } })).toMatchObject({ propertyId: property.id, userId: buyer.user.id, text: 'Great light, quiet street.' });
  });

  it.each(callersRefusedBuyersActions(() => ({ agent, admin, fraud })))('refuses %s and stores nothing', async (_who, accountOf, code, message) => {
    const property = await seed();
    const result = await app.graphql(operations.AddReview, { propertyId: property.id, text: 'Nice' }, accountOf()?.idToken);
    expect(result.data).toBeNull();
    expect(errorOf(result)).toMatchObject({ message, extensions: { code } });
    expect(await app.db.review.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it('reviews only verified, not deleted properties (NOT_FOUND otherwise); a malformed id is BAD_USER_INPUT', async () => {
    const pending = await seed(agent.user.id, { status: 'pending' });
    const rejected = await seed(agent.user.id, { status: 'rejected' });
    const deleted = await seed(agent.user.id, { deletedAt: new Date() });
    for (const propertyId of [pending.id, rejected.id, deleted.id, randomUUID()]) {
      const result = await app.graphql(operations.AddReview, { propertyId, text: 'Nice' }, buyer.idToken);
      expect({ propertyId, error: errorOf(result) }).toEqual({ propertyId, error: expect.objectContaining({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } }) });
    }
    expect(errorOf(await app.graphql(operations.AddReview, { propertyId: 'abc', text: 'Nice' }, buyer.idToken))).toMatchObject({ message: 'Invalid property id.', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await app.db.review.count({ where: { propertyId: { in: [pending.id, rejected.id, deleted.id] } } })).toBe(0);
  });

  it('requires text and allows at most 2000 characters, with the shared messages', async () => {
    const property = await seed();
    for (const text of ['', '   ', '\n\t ']) {
      const result = await app.graphql(operations.AddReview, { propertyId: property.id, text }, buyer.idToken);
      expect({ text, data: result.data, error: errorOf(result) }).toEqual({
        text,
        data: null,
        error: expect.objectContaining({ message: REQUIRED, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { reviewText: REQUIRED } } }),
      });
    }
    const tooLong = await app.graphql(operations.AddReview, { propertyId: property.id, text: 'x'.repeat(2001) }, buyer.idToken);
    expect(errorOf(tooLong)).toMatchObject({ message: TOO_LONG, extensions: { code: 'BAD_USER_INPUT', fieldErrors: { reviewText: TOO_LONG } } });
    expect(await app.db.review.count({ where: { propertyId: property.id } })).toBe(0);

    // 2000 characters fit; surrounding white space is trimmed away first.
    const longest = await addReview(buyer, property.id, `  ${'y'.repeat(2000)}\n`);
    expect(longest.text).toBe('y'.repeat(2000));
    expect((await app.db.review.findUniqueOrThrow({ where: { id: longest.id } })).text).toHaveLength(2000);
  });

  it('stores and returns text containing HTML verbatim, as text', async () => {
    const property = await seed();
    const text = `Loved it ${XSS} <script>alert("x")</script> & "quotes" 'too'`;
    const review = await addReview(buyer, property.id, text);
    expect(review.text).toBe(text);
    expect((await app.db.review.findUniqueOrThrow({ where: { id: review.id } })).text).toBe(text);
    const read = await app.graphql(operations.PropertyReviews, { propertyId: property.id }, otherBuyer.idToken);
    expect(dataOf(read).propertyReviews[0].text).toBe(text);
    const viaRest = await app.rest('GET', `/api/reviews/${property.id}`, { token: otherBuyer.idToken });
    expect(viaRest.body[0].reviewText).toBe(text);
  });
});

describe('reading reviews', () => {
  it('lists a property’s reviews newest first to any signed-in user', async () => {
    const property = await seed();
    const elsewhere = await seed();
    const base = Date.now();
    const older = await arrange(property.id, buyer.user.id, new Date(base - 2000));
    const newest = await arrange(property.id, otherBuyer.user.id, new Date(base - 500));
    const middle = await arrange(property.id, buyer.user.id, new Date(base - 1000));
    await arrange(elsewhere.id, buyer.user.id);

    for (const account of [buyer, otherBuyer, agent, otherAgent, admin, fraud]) {
      const result = await app.graphql(operations.PropertyReviews, { propertyId: property.id }, account.idToken);
      expect(result.errors).toBeUndefined();
      expect(dataOf(result).propertyReviews.map((r) => r.id)).toEqual([newest.id, middle.id, older.id]);
    }
    const first = dataOf(await app.graphql(operations.PropertyReviews, { propertyId: property.id }, buyer.idToken)).propertyReviews[0];
    expect(first).toEqual({
      id: newest.id,
      text: newest.text,
      createdAt: newest.createdAt.toISOString(),
      property: { id: property.id, title: property.title },
      reviewer: { id: otherBuyer.user.id, name: 'Oscar Otherbuyer', email: otherBuyer.email, image: null },
    });
    expect(errorOf(await app.graphql(operations.PropertyReviews, { propertyId: property.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(dataOf(await app.graphql(operations.PropertyReviews, { propertyId: (await seed()).id }, buyer.idToken)).propertyReviews).toEqual([]);
  });

  it('follows the property’s visibility: a pending or rejected one only for its agent and admins; a deleted one for nobody', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const property = await seed(agent.user.id, { status });
      const review = await arrange(property.id, buyer.user.id);
      for (const account of [agent, admin]) {
        const result = await app.graphql(operations.PropertyReviews, { propertyId: property.id }, account.idToken);
        expect({ status, ids: result.data?.propertyReviews.map((r) => r.id) }).toEqual({ status, ids: [review.id] });
      }
      for (const account of [buyer, otherBuyer, otherAgent, fraud]) {
        const result = await app.graphql(operations.PropertyReviews, { propertyId: property.id }, account.idToken);
        expect({ status, data: result.data, error: errorOf(result) }).toEqual({ status, data: null, error: expect.objectContaining({ message: PROPERTY_NOT_FOUND, extensions: { code: 'NOT_FOUND' } }) });
      }
      expect((await app.rest('GET', `/api/reviews/${property.id}`, { token: buyer.idToken })).status).toBe(404);
      expect((await app.rest('GET', `/api/reviews/${property.id}`, { token: agent.idToken })).body.map((r: Json) => r._id)).toEqual([review.id]);
    }
    const deleted = await seed(agent.user.id, { deletedAt: new Date() });
    await arrange(deleted.id, buyer.user.id);
    for (const account of [agent, admin, buyer]) {
      expect(errorOf(await app.graphql(operations.PropertyReviews, { propertyId: deleted.id }, account.idToken))?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(errorOf(await app.graphql(operations.PropertyReviews, { propertyId: randomUUID() }, admin.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(errorOf(await app.graphql(operations.PropertyReviews, { propertyId: 'zzz' }, admin.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('shows the latest reviews to anyone (no token): newest first, 6 by default, only of verified live properties, with reviewer and title', async () => {
    const property = await seed(agent.user.id, { title: unique('Latest Place') });
    const hidden = [await seed(agent.user.id, { status: 'pending' }), await seed(agent.user.id, { status: 'rejected' }), await seed(agent.user.id, { deletedAt: new Date() })];
    // Dated in the future so that they are the newest in this database, whatever other tests added.
    const future = Date.UTC(2099, 0, 1);
    const reviewers = [await createUserRow(app, 'latest-a'), await createUserRow(app, 'latest-b', { image: null })];
    const visible = [];
    for (let i = 0; i < 8; i += 1) visible.push(await arrange(property.id, reviewers[i % 2].id, new Date(future + i * 60_000), `Visible review ${i}`));
    // Newer still, but on listings buyers cannot see.
    for (const [i, listing] of hidden.entries()) await arrange(listing.id, reviewers[0].id, new Date(future + (100 + i) * 60_000), `Hidden review ${i}`);

    const newestFirst = [...visible].reverse();
    const latest = await app.graphql(operations.LatestReviews, {}); // no `first`: the default page
    expect(latest.errors).toBeUndefined();
    expect(dataOf(latest).latestReviews.map((r) => r.id)).toEqual(newestFirst.slice(0, 6).map((r) => r.id));
    expect(dataOf(latest).latestReviews[0]).toEqual({
      id: visible[7].id,
      text: 'Visible review 7',
      createdAt: visible[7].createdAt.toISOString(),
      property: { id: property.id, title: property.title },
      reviewer: { id: reviewers[1].id, name: reviewers[1].name, email: reviewers[1].email, image: null },
    });
    expect(dataOf(latest).latestReviews[1].reviewer).toEqual({ id: reviewers[0].id, name: reviewers[0].name, email: reviewers[0].email, image: reviewers[0].image });

    expect(dataOf(await app.graphql(operations.LatestReviews, { first: 2 })).latestReviews.map((r) => r.id)).toEqual(newestFirst.slice(0, 2).map((r) => r.id));
    expect(dataOf(await app.graphql(operations.LatestReviews, { first: 8 }, buyer.idToken)).latestReviews.map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));
    for (const first of [0, 25, -1]) expect(errorOf(await app.graphql(operations.LatestReviews, { first }))?.extensions?.code).toBe('BAD_USER_INPUT');

    // REST: the same, with the spec's fields, without a token.
    const rest = await app.rest('GET', '/api/reviews/latest');
    expect(rest.status).toBe(200);
    expect(rest.body.map((r: Json) => r._id)).toEqual(newestFirst.slice(0, 6).map((r) => r.id));
    expect(rest.body[1]).toEqual({
      _id: visible[6].id,
      propertyId: property.id,
      userEmail: reviewers[0].email,
      userName: reviewers[0].name,
      userPhoto: reviewers[0].image,
      title: property.title,
      agentName: 'Avery Agent',
      reviewText: 'Visible review 6',
      role: 'user',
      createdAt: visible[6].createdAt.toISOString(),
    });
    expect((await app.rest('GET', '/api/reviews/latest?limit=3')).body).toHaveLength(3);
    expect((await app.rest('GET', '/api/reviews/latest?limit=abc')).status).toBe(400);
  });

  it('lists only the caller’s own reviews (myReviews), newest first', async () => {
    const writer = await app.createUser('user', { name: 'Wren Writer' });
    const [p1, p2] = [await seed(), await seed(otherAgent.user.id)];
    const base = Date.now();
    const a = await arrange(p1.id, writer.user.id, new Date(base - 3000));
    const b = await arrange(p2.id, writer.user.id, new Date(base - 1000));
    const c = await arrange(p1.id, writer.user.id, new Date(base - 2000));
    await arrange(p1.id, otherBuyer.user.id, new Date(base));

    const mine = await app.graphql(operations.MyReviews, {}, writer.idToken);
    expect(dataOf(mine).myReviews.map((r) => r.id)).toEqual([b.id, c.id, a.id]);
    for (const review of dataOf(mine).myReviews) expect(review.reviewer.id).toBe(writer.user.id);
    for (const account of [agent, admin]) expect(errorOf(await app.graphql(operations.MyReviews, {}, account.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.MyReviews, {}))?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('deleting reviews', () => {
  it('lets the author delete their own review; someone else’s is FORBIDDEN and stays; an admin may delete any', async () => {
    const property = await seed();
    const own = await addReview(buyer, property.id);
    const theirs = await addReview(otherBuyer, property.id);

    for (const account of [otherBuyer, agent, fraud]) {
      const refused = await app.graphql(operations.DeleteReview, { id: own.id }, account.idToken);
      expect(refused.data).toBeNull();
      expect(errorOf(refused)).toMatchObject({ message: 'You can only delete your own reviews.', extensions: { code: 'FORBIDDEN' } });
    }
    expect(errorOf(await app.graphql(operations.DeleteReview, { id: own.id }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await app.db.review.count({ where: { id: own.id } })).toBe(1);

    expect(await app.graphql(operations.DeleteReview, { id: own.id }, buyer.idToken)).toEqual({ status: 200, data: { deleteReview: own.id } });
    expect(await app.db.review.count({ where: { id: own.id } })).toBe(0);
    expect(errorOf(await app.graphql(operations.DeleteReview, { id: own.id }, buyer.idToken))).toMatchObject({ message: 'Review not found.', extensions: { code: 'NOT_FOUND' } });

    expect(await app.graphql(operations.DeleteReview, { id: theirs.id }, admin.idToken)).toEqual({ status: 200, data: { deleteReview: theirs.id } });
    expect(await app.db.review.count({ where: { id: theirs.id } })).toBe(0);
    expect(errorOf(await app.graphql(operations.DeleteReview, { id: 'nope' }, admin.idToken))?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('all reviews (admin)', () => {
  it('walks every review in pages of 2, newest first, without gaps or repeats', async () => {
    const property = await seed();
    for (let i = 0; i < 5; i += 1) await arrange(property.id, otherBuyer.user.id);
    // Reviews written in the same millisecond: the id breaks the tie, and no page boundary loses one.
    const sameInstant = new Date(Date.now() - 60_000);
    for (let i = 0; i < 5; i += 1) await arrange(property.id, buyer.user.id, sameInstant);
    const expected = (await app.db.review.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } })).map((r) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(10);

    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 1000; page += 1) {
      const result: GraphqlResponse<operations.AllReviewsQuery> = await app.graphql(operations.AllReviews, { first: 2, after }, admin.idToken);
      expect(result.errors).toBeUndefined();
      const { nodes, pageInfo } = dataOf(result).allReviews;
      seen.push(...nodes.map((n) => n.id));
      if (!pageInfo.hasNextPage) break;
      expect(nodes).toHaveLength(2);
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);

    for (const account of [buyer, agent, fraud]) expect(errorOf(await app.graphql(operations.AllReviews, { first: 2 }, account.idToken))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.AllReviews, { first: 2 }))?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await app.graphql(operations.AllReviews, { first: 2, after: 'garbage' }, admin.idToken))).toMatchObject({
      message: 'Invalid cursor; start again from the first page.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('REST routes', () => {
  const SPEC_FIELDS = ['_id', 'propertyId', 'userEmail', 'userName', 'userPhoto', 'title', 'agentName', 'reviewText', 'role', 'createdAt'];

  it('POST /api/reviews reviews as the caller only; names, photo and title come from the records', async () => {
    const property = await seed(agent.user.id, { title: unique('Posted Review Place') });
    const body = {
      propertyId: property.id,
      userEmail: buyer.email,
      userName: 'Mallory',
      userPhoto: 'https://evil.example.test/x.jpg',
      title: 'Forged title',
      agentName: 'Forged agent',
      reviewText: `Nice ${XSS}`,
      role: 'admin',
    };
    expect(await app.rest('POST', '/api/reviews', { token: buyer.idToken, body: { ...body, userEmail: otherBuyer.email } })).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'You can only review as yourself.' },
    });
    expect(await app.db.review.count({ where: { propertyId: property.id } })).toBe(0);
    expect((await app.rest('POST', '/api/reviews', { token: agent.idToken, body: { ...body, userEmail: agent.email } })).status).toBe(403);
    expect((await app.rest('POST', '/api/reviews', { body })).status).toBe(401);
    expect(await app.rest('POST', '/api/reviews', { token: buyer.idToken, body: { ...body, reviewText: '  ' } })).toEqual({
      status: 400,
      body: { code: 'BAD_USER_INPUT', message: REQUIRED, fieldErrors: { reviewText: REQUIRED } },
    });

    const created = await app.rest('POST', '/api/reviews', { token: buyer.idToken, body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      insertedId: created.body._id,
      _id: expect.any(String),
      propertyId: property.id,
      userEmail: buyer.email,
      userName: 'Bea Buyer',
      userPhoto: 'https://images.example.test/bea.jpg',
      title: property.title,
      agentName: 'Avery Agent',
      reviewText: `Nice ${XSS}`,
      role: 'user',
      createdAt: expect.any(String),
    });
    expect(await app.db.review.findUniqueOrThrow({ where: { id: created.body._id } })).toMatchObject({ userId: buyer.user.id, propertyId: property.id, text: `Nice ${XSS}` });
  });

  it('GET /api/reviews/:propertyId answers the spec’s review documents, newest first', async () => {
    const property = await seed(otherAgent.user.id);
    const older = await arrange(property.id, buyer.user.id, new Date(Date.now() - 1000));
    const newer = await arrange(property.id, otherBuyer.user.id);
    const result = await app.rest('GET', `/api/reviews/${property.id}`, { token: fraud.idToken });
    expect(result.status).toBe(200);
    expect(result.body.map((r: Json) => r._id)).toEqual([newer.id, older.id]);
    expect(result.body[1]).toEqual({
      _id: older.id,
      propertyId: property.id,
      userEmail: buyer.email,
      userName: 'Bea Buyer',
      userPhoto: 'https://images.example.test/bea.jpg',
      title: property.title,
      agentName: 'Olive Other',
      reviewText: older.text,
      role: 'user',
      createdAt: older.createdAt.toISOString(),
    });
    expect(Object.keys(result.body[1]).sort()).toEqual([...SPEC_FIELDS].sort());
    // No photo: the field is left out.
    expect(result.body[0].userPhoto).toBeUndefined();
    expect((await app.rest('GET', `/api/reviews/${property.id}`)).status).toBe(401);
    expect((await app.rest('GET', `/api/reviews/${randomUUID()}`, { token: buyer.idToken })).status).toBe(404);
    expect((await app.rest('GET', '/api/reviews/not-an-id', { token: buyer.idToken })).status).toBe(400);
  });

  it('GET /api/my-reviews/:email answers one’s own; someone else’s is 403; admins may read anyone’s', async () => {
    const writer = await app.createUser('user', { name: 'Rae Rest' });
    const property = await seed();
    const review = await arrange(property.id, writer.user.id);
    await arrange(property.id, otherBuyer.user.id);
    const path = `/api/my-reviews/${encodeURIComponent(writer.email)}`;

    const own = await app.rest('GET', path, { token: writer.idToken });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([expect.objectContaining({ _id: review.id, userEmail: writer.email, userName: 'Rae Rest', reviewText: review.text, title: property.title })]);
    expect((await app.rest('GET', `/api/my-reviews/${encodeURIComponent(writer.email.toUpperCase())}`, { token: writer.idToken })).body.map((r: Json) => r._id)).toEqual([review.id]);
    for (const account of [buyer, agent]) {
      expect(await app.rest('GET', path, { token: account.idToken })).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'You can only see your own reviews.' } });
    }
    expect((await app.rest('GET', path, { token: admin.idToken })).body.map((r: Json) => r._id)).toEqual([review.id]);
    expect((await app.rest('GET', path)).status).toBe(401);
  });

  it('DELETE /api/reviews/:id answers { deletedCount: 1 } for the author or an admin; 403 for others', async () => {
    const property = await seed();
    const review = await arrange(property.id, buyer.user.id);
    expect((await app.rest('DELETE', `/api/reviews/${review.id}`, { token: otherBuyer.idToken })).status).toBe(403);
    expect((await app.rest('DELETE', `/api/reviews/${review.id}`, { token: agent.idToken })).status).toBe(403);
    expect((await app.rest('DELETE', `/api/reviews/${review.id}`)).status).toBe(401);
    expect(await app.db.review.count({ where: { id: review.id } })).toBe(1);
    expect(await app.rest('DELETE', `/api/reviews/${review.id}`, { token: buyer.idToken })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await app.db.review.count({ where: { id: review.id } })).toBe(0);
    expect((await app.rest('DELETE', `/api/reviews/${review.id}`, { token: buyer.idToken })).status).toBe(404);

    const another = await arrange(property.id, otherBuyer.user.id);
    expect(await app.rest('DELETE', `/api/reviews/${another.id}`, { token: admin.idToken })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await app.db.review.count({ where: { id: another.id } })).toBe(0);
  });

  it('GET /api/admin/reviews and DELETE /api/admin/reviews/:id are for admins only, even for one’s own review', async () => {
    const property = await seed();
    const review = await arrange(property.id, buyer.user.id);

    for (const account of [buyer, agent, fraud]) expect((await app.rest('GET', '/api/admin/reviews', { token: account.idToken })).status).toBe(403);
    expect((await app.rest('GET', '/api/admin/reviews')).status).toBe(401);
    const all = await app.rest('GET', '/api/admin/reviews', { token: admin.idToken });
    expect(all.status).toBe(200);
    const expected = (await app.db.review.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } })).map((r) => r.id);
    expect(all.body.map((r: Json) => r._id)).toEqual(expected);
    expect(Object.keys(all.body.find((r: Json) => r._id === review.id)).sort()).toEqual([...SPEC_FIELDS].sort());

    // The author deleting through the admin route: 403, and the review stays.
    expect(await app.rest('DELETE', `/api/admin/reviews/${review.id}`, { token: buyer.idToken })).toEqual({ status: 403, body: { code: 'FORBIDDEN', message: 'Only admins can do this.' } });
    expect((await app.rest('DELETE', `/api/admin/reviews/${review.id}`, { token: agent.idToken })).status).toBe(403);
    expect((await app.rest('DELETE', `/api/admin/reviews/${review.id}`)).status).toBe(401);
    expect(await app.db.review.count({ where: { id: review.id } })).toBe(1);

    expect(await app.rest('DELETE', `/api/admin/reviews/${review.id}`, { token: admin.idToken })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(await app.db.review.count({ where: { id: review.id } })).toBe(0);
    expect((await app.rest('DELETE', `/api/admin/reviews/${review.id}`, { token: admin.idToken })).status).toBe(404);
    expect((await app.rest('DELETE', '/api/admin/reviews/xyz', { token: admin.idToken })).status).toBe(400);
  });
});
