// Agents' numbers through the real app and PostgreSQL: views of the details
// page counted once per viewer per listing per UTC day (signed-in viewers by
// account, anonymous ones by address; the agent's own and admins' views not
// counted; lists never count; no raw identity stored), wishlist adds, offers,
// days on market, the zero-filled 30-day series, and who may read them.
import { createLogger } from '../infra/logger';
import { createListing, createOffer, createWishlistItem, errorOf, okData, startAppWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';
import { JOB_KINDS } from '../jobs/jobs';
import { createListingNumbersService, listingViewCleanupJob, SERIES_DAYS, utcDay, type DetailsVisitor } from './listing-numbers.service';

let app: TestApp;
let agent: Account, otherAgent: Account, buyer: Account, otherBuyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, otherAgent, buyer, otherBuyer, admin } } = await startAppWithCast(['agent', 'otherAgent', 'buyer', 'otherBuyer', 'admin'])));
afterAll(() => app?.close());

const DAY_MS = 86_400_000;
const log = createLogger('silent');
/** The service as another process would have it, with its own clock (and its own cached secret). */
const serviceAt = (at: Date) => createListingNumbersService({ db: app.db, log, clock: () => at });

const listing = (data: Parameters<typeof createListing>[2] = {}) => createListing(app, agent.user.id, { title: unique('Watched'), ...data });
const openDetails = (account: Account, propertyId: string) => app.graphql(operations.Property, { id: propertyId }, account.idToken);
const numbersOf = async (propertyId: string, account: Account = agent) => okData(await app.graphql(operations.ListingNumbers, { propertyId }, account.idToken)).listingNumbers;
const today = () => utcDay(new Date());
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('view counting', () => {
  it('counts a viewer once per day however often they open the page, through GraphQL and REST alike', async () => {
    const property = await listing();
    for (let read = 0; read < 3; read += 1) expect(okData(await openDetails(buyer, property.id)).property.id).toBe(property.id);
    expect((await app.rest('GET', `/api/properties/${property.id}`, { token: buyer.idToken })).status).toBe(200);
    expect((await numbersOf(property.id)).views).toBe(1);

    // A second viewer is a second view, by either route.
    expect((await app.rest('GET', `/api/properties/${property.id}`, { token: otherBuyer.idToken })).status).toBe(200);
    okData(await openDetails(otherBuyer, property.id));
    const numbers = await numbersOf(property.id);
    expect(numbers.views).toBe(2);
    expect(numbers.days.at(-1)).toEqual({ day: today(), views: 2, wishlistAdds: 0, offers: 0 });
  });

  it('does not count the agent’s own views, admins’ views, or lists', async () => {
    const property = await listing();
    okData(await openDetails(agent, property.id));
    okData(await openDetails(admin, property.id));
    okData(await app.graphql(operations.VerifiedProperties, { search: property.location }, buyer.idToken));
    okData(await app.graphql(operations.AdvertisedProperties, {}));
    expect((await app.rest('GET', '/api/properties/verified', { token: buyer.idToken })).status).toBe(200);
    expect((await numbersOf(property.id)).views).toBe(0);
    expect(await app.db.listingViewDay.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it('does not count the Contact Agent page’s read of the listing (countView: false)', async () => {
    const property = await listing();
    expect(okData(await app.graphql(operations.ListingWithoutView, { id: property.id }, buyer.idToken)).property).toEqual({ id: property.id, title: property.title });
    expect((await numbersOf(property.id)).views).toBe(0);
    expect(await app.db.listingViewDay.count({ where: { propertyId: property.id } })).toBe(0);
    // The details page's read still counts for the same buyer.
    okData(await openDetails(buyer, property.id));
    expect((await numbersOf(property.id)).views).toBe(1);
  });

  it('counts a viewer again on the next UTC day', async () => {
    const property = await listing();
    const visitor: DetailsVisitor = { viewer: buyer.user, clientIp: '198.51.100.7', userAgent: 'Test' };
    const yesterday = serviceAt(daysAgo(1));
    expect(await yesterday.countView(property, visitor)).toBe(true);
    expect(await yesterday.countView(property, visitor)).toBe(false);
    // Today, through the page itself: counted again, once.
    okData(await openDetails(buyer, property.id));
    okData(await openDetails(buyer, property.id));
    const numbers = await numbersOf(property.id);
    expect(numbers.views).toBe(2);
    expect(numbers.days.slice(-2).map((day) => day.views)).toEqual([1, 1]);
  });

  it('counts anonymous viewers by their address and browser, once a day', async () => {
    const property = await listing();
    const service = serviceAt(new Date());
    const anonymous = (clientIp: string | null, userAgent: string | null): DetailsVisitor => ({ viewer: null, clientIp, userAgent });
    expect(await service.countView(property, anonymous('203.0.113.5', 'Browser A'))).toBe(true);
    expect(await service.countView(property, anonymous('203.0.113.5', 'Browser A'))).toBe(false);
    expect(await service.countView(property, anonymous('203.0.113.5', 'Browser B'))).toBe(true);
    expect(await service.countView(property, anonymous('203.0.113.6', 'Browser A'))).toBe(true);
    // Without an address there is nobody to tell apart: not counted.
    expect(await service.countView(property, anonymous(null, 'Browser A'))).toBe(false);
    expect((await numbersOf(property.id)).views).toBe(3);
  });

  it('counts a viewer once across processes (the day’s secret is shared through PostgreSQL)', async () => {
    const property = await listing();
    const visitor: DetailsVisitor = { viewer: otherBuyer.user, clientIp: null, userAgent: null };
    const [first, second] = await Promise.all([serviceAt(new Date()).countView(property, visitor), serviceAt(new Date()).countView(property, visitor)]);
    expect([first, second].sort()).toEqual([false, true]);
    expect((await numbersOf(property.id)).views).toBe(1);
  });

  it('keeps no raw user id, e-mail or address: only counts and keyed hashes', async () => {
    const property = await listing();
    const address = '192.0.2.44';
    okData(await openDetails(buyer, property.id));
    expect(await serviceAt(new Date()).countView(property, { viewer: null, clientIp: address, userAgent: 'Browser' })).toBe(true);
    const columns = await app.db.$queryRaw<Array<{ table_name: string; column_name: string }>>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_name IN ('listing_view_days', 'listing_view_keys') ORDER BY table_name, ordinal_position`;
    expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual([
      'listing_view_days.property_id',
      'listing_view_days.day',
      'listing_view_days.views',
      'listing_view_keys.day',
      'listing_view_keys.viewer_key',
    ]);
    const keys = await app.db.listingViewKey.findMany({ where: { day: new Date(`${today()}T00:00:00.000Z`) } });
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const { viewerKey } of keys) {
      const bytes = Buffer.from(viewerKey);
      expect(bytes).toHaveLength(32);
      for (const secret of [buyer.user.id, buyer.user.id.replaceAll('-', ''), buyer.user.firebaseUid, buyer.user.email, address]) {
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
        expect(bytes.toString('hex')).not.toContain(Buffer.from(secret).toString('hex'));
      }
    }
  });

  it('forgets earlier days’ viewers and secrets (a daily job), keeping the counts', async () => {
    const property = await listing();
    expect(await serviceAt(daysAgo(3)).countView(property, { viewer: buyer.user, clientIp: null, userAgent: null })).toBe(true);
    okData(await openDetails(buyer, property.id));
    const forgotten = await serviceAt(new Date()).forgetViewersBefore(today());
    expect(forgotten.keys).toBeGreaterThanOrEqual(1);
    expect(forgotten.secrets).toBeGreaterThanOrEqual(1);
    const earliest = await app.db.$queryRaw<Array<{ keys: number; secrets: number }>>`
      SELECT (SELECT count(*)::int FROM listing_view_keys WHERE day < ${today()}::date) AS keys,
             (SELECT count(*)::int FROM listing_view_secrets WHERE day < ${today()}::date) AS secrets`;
    expect(earliest).toEqual([{ keys: 0, secrets: 0 }]);
    // Today's are kept: the same viewer is still not counted twice today.
    okData(await openDetails(buyer, property.id));
    const numbers = await numbersOf(property.id);
    expect(numbers.views).toBe(2);
    expect(numbers.days.at(-4)?.views).toBe(1);
    // The job runs every night, in whichever process works jobs.
    expect(JOB_KINDS).toContain(listingViewCleanupJob);
    expect(listingViewCleanupJob.schedule).toBe('5 0 * * *');
  });

  it('never turns the page read into an error when counting fails', async () => {
    const property = await listing();
    await app.db.$executeRawUnsafe('ALTER TABLE listing_view_days RENAME TO listing_view_days_away');
    try {
      expect(okData(await openDetails(otherBuyer, property.id)).property.id).toBe(property.id);
      expect((await app.rest('GET', `/api/properties/${property.id}`, { token: buyer.idToken })).status).toBe(200);
    } finally {
      await app.db.$executeRawUnsafe('ALTER TABLE listing_view_days_away RENAME TO listing_view_days');
    }
    expect((await numbersOf(property.id)).views).toBe(0);
  });
});

describe('the other numbers', () => {
  it('counts wishlist adds and offers in total and by the UTC day they were made', async () => {
    const property = await listing();
    await createWishlistItem(app, property.id, buyer.user.id);
    await app.db.wishlistItem.create({ data: { propertyId: property.id, userId: otherBuyer.user.id, createdAt: daysAgo(3) } });
    await createOffer(app, property, buyer.user.id, 'pending');
    await createOffer(app, property, otherBuyer.user.id, 'rejected', '1200.00', { createdAt: daysAgo(2) });
    // Older than the chart: in the total, not in the series.
    await createOffer(app, property, otherBuyer.user.id, 'rejected', '1100.00', { createdAt: daysAgo(40) });
    // Another listing's entries are not this one's.
    const other = await listing();
    await createWishlistItem(app, other.id, buyer.user.id);
    await createOffer(app, other, buyer.user.id);

    const numbers = await numbersOf(property.id);
    expect(numbers).toMatchObject({ wishlistAdds: 2, offers: 3 });
    const byDay = (daysBack: number) => numbers.days[SERIES_DAYS - 1 - daysBack];
    expect(byDay(0)).toMatchObject({ day: today(), wishlistAdds: 1, offers: 1 });
    expect(byDay(2)).toMatchObject({ day: utcDay(daysAgo(2)), wishlistAdds: 0, offers: 1 });
    expect(byDay(3)).toMatchObject({ day: utcDay(daysAgo(3)), wishlistAdds: 1, offers: 0 });
    expect(numbers.days.reduce((sum, day) => sum + day.offers, 0)).toBe(2);
    expect(numbers.days.reduce((sum, day) => sum + day.wishlistAdds, 0)).toBe(2);
  });

  it('gives days on market as the details page’s days on OpenNest, re-listing included', async () => {
    const fresh = await listing({ createdAt: daysAgo(12) });
    expect((await numbersOf(fresh.id)).daysOnMarket).toBe(12);
    const relisted = await listing({ createdAt: daysAgo(2) });
    await app.db.listingEvent.create({ data: { propertyId: relisted.id, kind: 'relisted', data: { previousPropertyId: fresh.id, previouslyListedAt: daysAgo(45).toISOString() } } });
    const numbers = await numbersOf(relisted.id);
    expect(numbers.daysOnMarket).toBe(45);
    expect(okData(await app.graphql(operations.ListingHistory, { id: relisted.id }, buyer.idToken)).property.daysOnOpenNest).toBe(45);
  });

  it('gives the last 30 UTC days, oldest first, every one present even with nothing in them', async () => {
    const numbers = await numbersOf((await listing()).id);
    expect(numbers.days).toHaveLength(SERIES_DAYS);
    expect(numbers.days.map((day) => day.day)).toEqual(Array.from({ length: SERIES_DAYS }, (_, index) => utcDay(daysAgo(SERIES_DAYS - 1 - index))));
    expect(numbers.days.every((day) => day.views === 0 && day.wishlistAdds === 0 && day.offers === 0)).toBe(true);
    expect(numbers).toMatchObject({ views: 0, wishlistAdds: 0, offers: 0, daysOnMarket: 0 });
  });
});

describe('who may read the numbers', () => {
  it('shows a listing’s numbers to its agent and admins only, checking the caller before the input', async () => {
    const property = await listing();
    expect((await numbersOf(property.id, admin)).property.id).toBe(property.id);
    const refusal = async (account: Account | null, propertyId = property.id) =>
      errorOf(await app.graphql(operations.ListingNumbers, { propertyId }, account?.idToken))?.extensions?.code;
    expect(await refusal(otherAgent)).toBe('FORBIDDEN');
    expect(await refusal(buyer)).toBe('FORBIDDEN');
    expect(await refusal(null)).toBe('UNAUTHENTICATED');
    // Authentication and role first: nonsense input from the wrong caller is refused as the caller.
    expect(await refusal(null, 'not-an-id')).toBe('UNAUTHENTICATED');
    expect(await refusal(buyer, 'not-an-id')).toBe('FORBIDDEN');
    expect(await refusal(agent, 'not-an-id')).toBe('BAD_USER_INPUT');
    expect(await refusal(agent, '00000000-0000-7000-8000-000000000000')).toBe('NOT_FOUND');
  });

  it('lists only the calling agent’s own listings, a page at a time, in a fixed number of statements', async () => {
    const pager = await app.createUser('agent');
    const own = [];
    for (let index = 0; index < 3; index += 1) own.push(await createListing(app, pager.user.id, { title: unique('Paged'), createdAt: daysAgo(3 - index) }));
    await createListing(app, otherAgent.user.id);
    // The first request also looks the new account up; the pages below are compared without it.
    okData(await app.graphql(operations.MyListingNumbers, { first: 1 }, pager.idToken));

    const { result: first, statements: firstStatements } = await app.sqlStatementsDuring(async () =>
      okData(await app.graphql(operations.MyListingNumbers, { first: 2 }, pager.idToken)).myListingNumbers,
    );
    expect(first.nodes.map((node) => node.property.id)).toEqual([own[2].id, own[1].id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.nodes.every((node) => node.days.length === SERIES_DAYS)).toBe(true);
    const { result: rest, statements: restStatements } = await app.sqlStatementsDuring(async () =>
      okData(await app.graphql(operations.MyListingNumbers, { first: 2, after: first.pageInfo.endCursor }, pager.idToken)).myListingNumbers,
    );
    expect(rest.nodes.map((node) => node.property.id)).toEqual([own[0].id]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    // Two listings or one: the same statements (no query per listing).
    expect(restStatements.length).toBe(firstStatements.length);

    for (const [account, code] of [[buyer, 'FORBIDDEN'], [admin, 'FORBIDDEN'], [null, 'UNAUTHENTICATED']] as const) {
      expect(errorOf(await app.graphql(operations.MyListingNumbers, { first: 2 }, account?.idToken))?.extensions?.code).toBe(code);
    }
  });
});
