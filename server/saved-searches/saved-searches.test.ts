// Saved searches through the real app, and their alerts: who may keep them;
// matching (a job, in SQL) by location, case-insensitively, whatever the sort;
// again for each change (an edit, a price cut) after which a verified listing
// newly matches, never twice for one change (retries, two workers at once); nothing for listings buyers cannot see or
// searches whose alerts are off; and the alert e-mail in the test inbox.
import type { AlertFrequency } from '../generated/prisma/client';
import { startAppWithCast, okData, createListing, dataOf, errorOf, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { waitFor, waitForEmails } from '../test/mailbox';
import { looseVariables, type TestApp } from '../test/test-app';
import { matchListing, savedSearchMatchingJob } from './matching';
import { randomUUID } from 'node:crypto';

let app: TestApp;
let agent: Account, buyer: Account, otherBuyer: Account, admin: Account;

beforeAll(async () => ({ app, cast: { agent, buyer, otherBuyer, admin } } = await startAppWithCast(['agent', 'buyer', 'otherBuyer', 'admin'])));
afterAll(() => app?.close());


const save = (account: Account, search: string, frequency: AlertFrequency = 'instant', sort: 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC' = 'NEWEST') =>
  app.graphql(operations.SaveSearch, { input: { name: unique('Search'), search, sort, frequency } }, account.idToken);

/** Verifies a pending listing through the API (as an admin does) and waits for its matching job to finish. */
async function verifyAndMatch(propertyId: string) {
  okData(await app.graphql(operations.VerifyProperty, { id: propertyId }, admin.idToken));
  await matchingDone(propertyId);
}

async function matchingDone(propertyId: string, runs = 1) {
  await waitFor(
    async () => {
      const jobs = await app.eventsAndJobs.jobs.boss.findJobs('saved-search-matching', { data: { propertyId } });
      return jobs.length >= runs && jobs.every((job) => job.state === 'completed') ? jobs : undefined;
    },
    { what: `matching of ${propertyId}` },
  );
}

const matchesOf = async (account: Account) =>
  (await app.db.notification.findMany({ where: { recipientId: account.user.id, type: 'saved_search_match' }, orderBy: { createdAt: 'asc' } })).map((n) => n.subjectId);

describe('keeping saved searches', () => {
  it('saves the page’s search and sort with a name and frequency, lists, renames and deletes them: the owner’s only', async () => {
    const keeper = await app.createUser('user', { name: 'Kim Keeper' });
    const saved = okData(await app.graphql(operations.SaveSearch, { input: { name: '  Gulshan flats ', search: ' Gulshan ', sort: 'PRICE_ASC', frequency: 'daily' } }, keeper.idToken)).saveSearch;
    expect(saved).toMatchObject({ name: 'Gulshan flats', frequency: 'daily', criteria: { search: 'Gulshan', sort: 'PRICE_ASC' } });
    const row = await app.db.savedSearch.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row.criteria).toEqual({ version: 2, search: 'Gulshan', sort: 'PRICE_ASC', filter: {} });
    expect(row.locationTerm).toBe('gulshan');

    expect(okData(await app.graphql(operations.SavedSearches, {}, keeper.idToken)).savedSearches.map((s) => s.id)).toEqual([saved.id]);
    expect(okData(await app.graphql(operations.SavedSearches, {}, otherBuyer.idToken)).savedSearches.map((s) => s.id)).not.toContain(saved.id);

    const renamed = okData(await app.graphql(operations.UpdateSavedSearch, { id: saved.id, input: { name: 'Gulshan, cheapest first', frequency: 'off' } }, keeper.idToken)).updateSavedSearch;
    expect(renamed).toMatchObject({ name: 'Gulshan, cheapest first', frequency: 'off', criteria: { search: 'Gulshan', sort: 'PRICE_ASC' } });

    // Someone else's saved search looks like a missing one, for every operation.
    expect(errorOf(await app.graphql(operations.UpdateSavedSearch, { id: saved.id, input: { name: 'Mine now', frequency: 'instant' } }, otherBuyer.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(errorOf(await app.graphql(operations.DeleteSavedSearch, { id: saved.id }, otherBuyer.idToken))?.extensions?.code).toBe('NOT_FOUND');
    expect(okData(await app.graphql(operations.DeleteSavedSearch, { id: saved.id }, keeper.idToken)).deleteSavedSearch).toBe(saved.id);
    expect(await app.db.savedSearch.count({ where: { id: saved.id } })).toBe(0);
  });

  it('refuses bad input with the form’s messages, and other roles', async () => {
    const refusal = async (input: Record<string, unknown>) => errorOf(await app.graphql(operations.SaveSearch, looseVariables({ input }), buyer.idToken));
    expect(await refusal({ name: ' ', search: 'x', frequency: 'instant' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors: { name: 'Name is required' } } });
    expect(await refusal({ name: 'x'.repeat(81), search: 'x', frequency: 'instant' })).toMatchObject({ extensions: { fieldErrors: { name: 'Name must be at most 80 characters' } } });
    expect(await refusal({ name: 'Long', search: 'x'.repeat(101), frequency: 'instant' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect((await refusal({ name: 'Odd', search: 'x', frequency: 'hourly' }))?.extensions?.code).toBe('BAD_USER_INPUT');
    for (const account of [agent, admin]) expect(errorOf(await save(account, 'Dhaka'))?.extensions?.code).toBe('FORBIDDEN');
    expect(errorOf(await app.graphql(operations.SaveSearch, { input: { name: 'x', frequency: 'instant' } }))?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('alerts', () => {
  it('tells every owner whose search the newly verified listing matches: by location, case-insensitively, whatever the sort', async () => {
    const town = unique('Matchtown');
    const [upper, lower, priceSorted, everywhere, otherTown, off] = await Promise.all([
      save(buyer, town.toUpperCase(), 'instant', 'NEWEST'),
      save(otherBuyer, town.slice(0, 8).toLowerCase(), 'daily', 'PRICE_DESC'),
      save(buyer, `${town}, Dhaka`, 'weekly', 'PRICE_ASC'),
      save(otherBuyer, '', 'instant'),
      save(buyer, unique('Elsewhere'), 'instant'),
      save(otherBuyer, town, 'off'),
    ]);
    for (const result of [upper, lower, priceSorted, everywhere, otherTown, off]) expect(result.errors).toBeUndefined();
    const [buyerBefore, otherBefore] = [await matchesOf(buyer), await matchesOf(otherBuyer)];

    const listing = await createListing(app, agent.user.id, { status: 'pending', title: unique('Match Manor'), location: `Road 5, ${town}, Dhaka` });
    await verifyAndMatch(listing.id);

    const matched = await app.db.savedSearchMatch.findMany({ where: { propertyId: listing.id } });
    const ids = (result: typeof upper) => dataOf(result).saveSearch.id;
    expect(matched.map((m) => m.savedSearchId).sort()).toEqual([ids(upper), ids(lower), ids(priceSorted), ids(everywhere)].sort());
    // One notification per matching saved search, to its owner.
    expect((await matchesOf(buyer)).slice(buyerBefore.length)).toEqual([listing.id, listing.id]);
    expect((await matchesOf(otherBuyer)).slice(otherBefore.length)).toEqual([listing.id, listing.id]);
    // Each e-mails no more often than its saved search says.
    const deliveries = await app.db.notification.findMany({ where: { subjectId: listing.id, type: 'saved_search_match' }, select: { emailDelivery: true, text: true } });
    expect(deliveries.map((d) => d.emailDelivery).sort()).toEqual(['daily', 'instant', 'instant', 'weekly']);
    expect(deliveries[0].text).toContain(`${listing.title} in Road 5, ${town}, Dhaka`);
  });

  it('e-mails an instant alert with a link to the listing', async () => {
    const alerted = await app.createUser('user', { name: 'Alex Alerted' });
    const town = unique('Mailtown');
    okData(await save(alerted, town));
    const listing = await createListing(app, agent.user.id, { status: 'pending', title: unique('Mailed Mansion'), location: town });
    await verifyAndMatch(listing.id);
    const [email] = await waitForEmails(alerted.email, { subject: /matches your saved search/ });
    expect(email.text).toContain(listing.title);
    expect(email.text).toContain(`See the listing: http://opennest.test/propertyDetails/${listing.id}`);
  });

  it('fires again for a listing an edit or a price cut newly matches, once per change, and not for a change that leaves it matching', async () => {
    const town = unique('Movetown');
    const listing = await createListing(app, agent.user.id, { status: 'pending', title: unique('Moving House'), location: `${town} North` });
    // Under 950: the listing (1000 to 2000) does not match it until its price is cut.
    const cheap = dataOf(await app.graphql(operations.SaveSearch, { input: { name: unique('Cheap'), search: town, sort: 'NEWEST', frequency: 'instant', filter: { priceMax: '950' } } }, buyer.idToken)).saveSearch.id;
    const anyPrice = dataOf(await save(otherBuyer, town)).saveSearch.id;
    const alertsOf = async (searchId: string) =>
      (await app.db.notification.findMany({ where: { subjectId: listing.id, type: 'saved_search_match', dedupeKey: { startsWith: `saved-search:${searchId}:` } } })).length;
    await verifyAndMatch(listing.id);
    expect([await alertsOf(cheap), await alertsOf(anyPrice)]).toEqual([0, 1]);

    const edit = (changes: { location?: string; priceMin?: string; title?: string }) =>
      app.graphql(operations.UpdateProperty, { id: listing.id, input: { title: changes.title ?? listing.title, location: changes.location ?? `${town} North`, priceMin: changes.priceMin ?? '1000.00', priceMax: '2000.00' } }, agent.idToken);
    // An edit that changes nothing searches read queues no matching.
    okData(await edit({}));
    expect(await app.eventsAndJobs.jobs.boss.findJobs('saved-search-matching', { data: { propertyId: listing.id } })).toHaveLength(1);
    // A title change is matched (keyword searches read the title, issue 19), but neither search newly matches it.
    okData(await edit({ title: 'Renamed only' }));
    await matchingDone(listing.id, 2);
    expect([await alertsOf(cheap), await alertsOf(anyPrice)]).toEqual([0, 1]);

    // The price cut brings it under 950: the cheap search hears of it; the other matched already.
    okData(await edit({ title: 'Renamed only', priceMin: '900.00' }));
    await matchingDone(listing.id, 3);
    expect([await alertsOf(cheap), await alertsOf(anyPrice)]).toEqual([1, 1]);
    // Moved within the town: both matched before, neither hears again.
    okData(await edit({ title: 'Renamed only', priceMin: '900.00', location: `${town} South` }));
    await matchingDone(listing.id, 4);
    expect([await alertsOf(cheap), await alertsOf(anyPrice)]).toEqual([1, 1]);
    // Moved away, then back: on its return it newly matches both again.
    okData(await edit({ title: 'Renamed only', priceMin: '900.00', location: unique('Faraway') }));
    await matchingDone(listing.id, 5);
    okData(await edit({ title: 'Renamed only', priceMin: '900.00', location: `${town} East` }));
    await matchingDone(listing.id, 6);
    expect([await alertsOf(cheap), await alertsOf(anyPrice)]).toEqual([2, 2]);
    const matches = await app.db.savedSearchMatch.findMany({ where: { propertyId: listing.id, savedSearchId: { in: [cheap, anyPrice] } } });
    expect(matches).toHaveLength(4);
    // The price cut's match is keyed by its history event.
    const [cut] = await app.db.listingEvent.findMany({ where: { propertyId: listing.id, kind: 'price_changed' } });
    expect(matches.filter((m) => m.changeId === cut.id).map((m) => m.savedSearchId)).toEqual([cheap]);
  });

  it('says nothing of listings buyers cannot see, nor twice of one change: a retried job and two workers at once notify once', async () => {
    const town = unique('Quiettown');
    okData(await save(buyer, town));
    const before = await matchesOf(buyer);
    const rejected = await createListing(app, agent.user.id, { status: 'pending', location: town });
    okData(await app.graphql(operations.RejectProperty, { id: rejected.id }, admin.idToken));
    const fraudAgent = await app.createUser('fraud');
    const hidden = await createListing(app, fraudAgent.user.id, { status: 'verified', location: town });
    const seen = await createListing(app, agent.user.id, { status: 'pending', location: town });
    await verifyAndMatch(seen.id);
    // The jobs a rejected and a fraud agent's listing would get, and the verification's own job again (a retry), run for real.
    const [verification] = await app.eventsAndJobs.jobs.boss.findJobs<{ propertyId: string; changeId: string }>('saved-search-matching', { data: { propertyId: seen.id } });
    expect(verification.data.changeId).toEqual(expect.any(String));
    await app.db.$transaction(async (tx) => {
      await app.eventsAndJobs.jobs.enqueue(tx, savedSearchMatchingJob, [{ propertyId: rejected.id }, { propertyId: hidden.id }, verification.data]);
    });
    for (const id of [rejected.id, hidden.id]) await matchingDone(id);
    await matchingDone(seen.id, 2);
    expect((await matchesOf(buyer)).slice(before.length)).toEqual([seen.id]);

    // Two workers running one new change at the same moment: one of them records and notifies.
    const change = randomUUID();
    const counts = await Promise.all([1, 2].map(() => app.db.$transaction((tx) => matchListing(tx, app.eventsAndJobs.notifier, seen.id, change, { id: seen.id, location: 'Elsewhere' }))));
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThan(0);
    expect((await matchesOf(buyer)).slice(before.length)).toEqual([seen.id, seen.id]);
  });
});
