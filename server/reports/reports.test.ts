// Reports of bad listings through the real app: who may report, one open report
// per reporter and listing, the messages; the admin queue's order; who may act
// and what each action does; the reporter seeing the outcome.
import type { ReportReason } from '../graphql/generated/resolvers-types';
import { createListing, createWishlistItem, errorOf, FUTURE, okData, startAppWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import type { TestApp } from '../test/test-app';

let app: TestApp;
let agent: Account, buyer: Account, otherBuyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, otherBuyer, admin } } = await startAppWithCast(['agent', 'buyer', 'otherBuyer', 'admin'])));
afterAll(() => app?.close());

const listing = () => createListing(app, agent.user.id, { title: unique('Reported') });
const report = (account: Account | null, propertyId: string, reason: ReportReason = 'wrong_price', details?: string) =>
  app.graphql(operations.ReportListing, { input: { propertyId, reason, details } }, account?.idToken);

describe('reporting', () => {
  it('lets signed-in users report a listing they can see, once while it is open', async () => {
    const property = await listing();
    expect(errorOf(await report(null, property.id))?.extensions?.code).toBe('UNAUTHENTICATED');
    const made = okData(await report(buyer, property.id, 'fraud')).reportListing;
    expect(made).toMatchObject({ reason: 'fraud', status: 'open', resolutionNote: null, property: { id: property.id } });
    expect(errorOf(await report(buyer, property.id, 'wrong_photos'))).toMatchObject({ message: 'You have already reported this listing; an admin will look at it.', extensions: { code: 'CONFLICT' } });
    // Others may report it too; its agent may not.
    okData(await report(otherBuyer, property.id));
    expect(errorOf(await report(agent, property.id))).toMatchObject({ message: 'You cannot report your own listing.', extensions: { code: 'FORBIDDEN' } });
    expect(await app.db.listingReport.count({ where: { propertyId: property.id } })).toBe(2);
  });

  it('needs details with "other", and refuses listings buyers cannot see', async () => {
    const property = await listing();
    expect(errorOf(await report(buyer, property.id, 'other'))?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { details: 'Tell us what is wrong' } });
    okData(await report(buyer, property.id, 'other', 'The photos are of another house.'));
    const pending = await createListing(app, agent.user.id, { status: 'pending' });
    expect(errorOf(await report(buyer, pending.id))?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('moderation', () => {
  it('lists listings most-reported first, then newest; only admins see the queue or act', async () => {
    const once = await listing();
    const twice = await listing();
    okData(await report(buyer, twice.id));
    okData(await report(otherBuyer, twice.id));
    okData(await report(buyer, once.id));
    const queue = okData(await app.graphql(operations.ModerationQueue, {}, admin.idToken)).moderationQueue;
    const ids = queue.map((item) => item.property.id);
    expect(ids.indexOf(twice.id)).toBeLessThan(ids.indexOf(once.id));
    expect(queue.find((item) => item.property.id === twice.id)).toMatchObject({ openReportCount: 2, agent: { id: agent.user.id } });
    // Each report says who made it and when (newest first).
    const reports = queue.find((item) => item.property.id === twice.id)!.reports;
    expect(reports.map((r) => r.reporter)).toEqual([{ id: otherBuyer.user.id, name: 'Oscar Otherbuyer' }, { id: buyer.user.id, name: 'Bea Buyer' }]);
    expect(Date.parse(reports[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(reports[1].createdAt));
    const counts = queue.map((item) => item.openReportCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    for (const account of [buyer, agent]) {
      expect(errorOf(await app.graphql(operations.ModerationQueue, {}, account.idToken))?.extensions?.code).toBe('FORBIDDEN');
      expect(errorOf(await app.graphql(operations.ResolveReports, { propertyId: once.id, action: 'DISMISS', note: 'x' }, account.idToken))?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('dismisses with a note the reporters see; a new report may follow', async () => {
    const property = await listing();
    okData(await report(buyer, property.id));
    expect(errorOf(await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'DISMISS', note: '  ' }, admin.idToken))?.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { note: 'A note is required' } });
    expect(okData(await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'DISMISS', note: 'The price is right.' }, admin.idToken)).resolveReports).toBe(1);
    const mine = okData(await app.graphql(operations.MyReports, {}, buyer.idToken)).myReports.find((r) => r.property.id === property.id);
    expect(mine).toMatchObject({ status: 'dismissed', resolutionNote: 'The price is right.', resolvedAt: expect.any(String) });
    expect(errorOf(await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'DISMISS', note: 'again' }, admin.idToken))?.extensions?.code).toBe('CONFLICT');
    okData(await report(buyer, property.id));
  });

  it('rejects the listing (it leaves the public lists, its history says so)', async () => {
    const property = await listing();
    okData(await report(buyer, property.id, 'fraud'));
    okData(await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'REJECT_LISTING', note: 'Fake listing.' }, admin.idToken));
    expect(await app.db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ status: 'rejected' });
    expect((await app.db.listingEvent.findMany({ where: { propertyId: property.id } })).map((e) => e.kind)).toContain('rejected');
    expect(okData(await app.graphql(operations.MyReports, {}, buyer.idToken)).myReports.find((r) => r.property.id === property.id)).toMatchObject({ status: 'listing_rejected', property: { status: 'rejected' } });
  });

  /** A crook agent's reported listing with a pending offer from `otherBuyer` on it. */
  async function reportedCrook() {
    const crook = await app.createUser('agent');
    const property = await createListing(app, crook.user.id);
    await createWishlistItem(app, property.id, otherBuyer.user.id);
    const offer = okData(await app.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '1500', buyingDate: FUTURE } }, otherBuyer.idToken)).makeOffer;
    okData(await report(buyer, property.id, 'fraud'));
    return { crook, property, offer };
  }

  it('marks the agent as fraud through the existing rule', async () => {
    const { crook, property, offer } = await reportedCrook();
    okData(await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'MARK_AGENT_FRAUD', note: 'Confirmed scam.' }, admin.idToken));
    expect((await app.db.user.findUniqueOrThrow({ where: { id: crook.user.id } })).role).toBe('fraud');
    // The rule's own effects: the pending offer rejected, the agent told.
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('rejected');
    expect(await app.db.notification.count({ where: { recipientId: crook.user.id, type: 'marked_fraud' } })).toBe(1);
    expect(okData(await app.graphql(operations.MyReports, {}, buyer.idToken)).myReports.find((r) => r.property.id === property.id)).toMatchObject({ status: 'agent_marked_fraud', resolutionNote: 'Confirmed scam.' });
  });

  it('marks the agent and resolves the reports in one transaction: when resolving fails, the marking is rolled back', async () => {
    const { crook, property, offer } = await reportedCrook();
    // A real failure of the second step, in the database itself: resolving this listing's reports raises.
    await app.db.$executeRawUnsafe(`
      CREATE FUNCTION refuse_report_resolution() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'resolution refused by the test'; END $$`);
    await app.db.$executeRawUnsafe(`
      CREATE TRIGGER refuse_report_resolution BEFORE UPDATE ON listing_reports
      FOR EACH ROW WHEN (NEW.property_id = '${property.id}'::uuid) EXECUTE FUNCTION refuse_report_resolution()`);
    try {
      const failed = await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'MARK_AGENT_FRAUD', note: 'Confirmed scam.' }, admin.idToken);
      expect(errorOf(failed)?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await app.db.$executeRawUnsafe('DROP TRIGGER refuse_report_resolution ON listing_reports');
      await app.db.$executeRawUnsafe('DROP FUNCTION refuse_report_resolution()');
    }
    // Nothing of the fraud rule stayed: the agent, the offer and the notifications are as before.
    expect((await app.db.user.findUniqueOrThrow({ where: { id: crook.user.id } })).role).toBe('agent');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('pending');
    expect(await app.db.notification.count({ where: { OR: [{ recipientId: crook.user.id, type: 'marked_fraud' }, { subjectId: offer.id, type: 'offer_rejected' }] } })).toBe(0);
    expect(await app.db.listingReport.findMany({ where: { propertyId: property.id }, select: { status: true, resolutionNote: true } })).toEqual([{ status: 'open', resolutionNote: null }]);

    // Once resolving works again, the same action does both.
    okData(await app.graphql(operations.ResolveReports, { propertyId: property.id, action: 'MARK_AGENT_FRAUD', note: 'Confirmed scam.' }, admin.idToken));
    expect((await app.db.user.findUniqueOrThrow({ where: { id: crook.user.id } })).role).toBe('fraud');
    expect((await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } })).status).toBe('rejected');
    expect(await app.db.listingReport.findMany({ where: { propertyId: property.id }, select: { status: true, resolutionNote: true } })).toEqual([{ status: 'agent_marked_fraud', resolutionNote: 'Confirmed scam.' }]);
  });
});
