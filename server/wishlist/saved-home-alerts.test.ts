// Alerts on saved homes through the real app: a price cut, an accepted offer
// and a sale each reach the buyers who wishlisted the listing, live over
// graphql-ws and by e-mail (read from the test inbox) as their settings say;
// a rolled-back change tells nobody; one change processed twice (a retried job,
// two workers at once) tells each buyer once.
import { recordPriceChange } from '../properties/listing-history';
import { createListing, FUTURE, okData, startAppWithCast, unique, type Account } from '../test/fixtures';
import * as operations from '../test/generated/graphql';
import { subscribe } from '../test/live';
import { emailsTo, waitFor, waitForEmails } from '../test/mailbox';
import { confirmWithCard } from '../test/payments';
import type { TestApp } from '../test/test-app';
import { alertSavedHome, queueSavedHomeAlert, savedHomeAlertJob } from './saved-home-alerts';

let app: TestApp;
let agent: Account;

beforeAll(async () => ({ app, cast: { agent } } = await startAppWithCast(['agent'])));
afterAll(() => app?.close());

/** A verified listing of the agent's, saved by each of `savers`. */
async function savedHome(savers: Account[], title = unique('Saved Home')) {
  const listing = await createListing(app, agent.user.id, { title, location: unique('Savedtown') });
  for (const saver of savers) okData(await app.graphql(operations.AddToWishlist, { propertyId: listing.id }, saver.idToken));
  return listing;
}

const cutPrice = (listing: { id: string; title: string; location: string }, priceMin: string, priceMax: string) =>
  app.graphql(operations.UpdateProperty, { id: listing.id, input: { title: listing.title, location: listing.location, priceMin, priceMax } }, agent.idToken);

/** Waits until `runs` alert jobs of the listing's events have all completed. */
async function alertsDone(eventIds: string[]) {
  await waitFor(
    async () => {
      const jobs = (await app.eventsAndJobs.jobs.boss.findJobs<{ listingEventId: string }>(savedHomeAlertJob.name)).filter((job) => eventIds.includes(job.data.listingEventId));
      return jobs.length >= eventIds.length && jobs.every((job) => job.state === 'completed') ? jobs : undefined;
    },
    { what: `the saved-home alerts of ${eventIds.join(', ')}` },
  );
}

const notificationsOf = async (account: Account, propertyId: string) =>
  (await app.db.notification.findMany({ where: { recipientId: account.user.id, subjectId: propertyId }, orderBy: { createdAt: 'asc' } })).filter((n) => n.type.startsWith('saved_home'));

describe('a price cut', () => {
  it('reaches every buyer who saved the home, live and by e-mail, with a link to it; a rise tells nobody', async () => {
    const [buyer, other, stranger] = await Promise.all(['Sam Saver', 'Olga Other', 'Stan Stranger'].map((name) => app.createUser('user', { name })));
    const listing = await savedHome([buyer, other], unique('Cut Cottage'));
    const live = await subscribe(app.url, buyer.idToken, operations.NotificationEvents);

    okData(await cutPrice(listing, '900.00', '1800.00'));
    const event = (await live.next()).data!.notificationEvents;
    const text = `Price cut on ${listing.title} (on your wishlist): now $900.00 – $1,800.00, was $1,000.00 – $2,000.00.`;
    expect(event.notification).toMatchObject({ type: 'saved_home_price_cut', text, link: `/propertyDetails/${listing.id}` });
    await live.close();

    const [email] = await waitForEmails(buyer.email, { subject: /costs less/ });
    expect(email.subject).toBe('OpenNest: A home on your wishlist costs less');
    expect(email.text).toContain(text);
    expect(email.text).toContain(`See the home: http://opennest.test/propertyDetails/${listing.id}`);
    expect(email.text).toContain('price cuts on homes on your wishlist');
    expect((await notificationsOf(other, listing.id)).map((n) => n.text)).toEqual([text]);

    // A rise is no news; someone who did not save it hears of nothing.
    const jobsBefore = (await app.eventsAndJobs.jobs.boss.findJobs(savedHomeAlertJob.name)).length;
    okData(await cutPrice(listing, '950.00', '1800.00'));
    expect((await app.eventsAndJobs.jobs.boss.findJobs(savedHomeAlertJob.name)).length).toBe(jobsBefore);
    expect(await notificationsOf(stranger, listing.id)).toEqual([]);
    expect(await notificationsOf(buyer, listing.id)).toHaveLength(1);
  });

  it('follows the buyer’s e-mail setting: never keeps the bell and sends nothing; daily waits for the digest', async () => {
    const [quiet, daily] = await Promise.all(['Quinn Quiet', 'Dora Daily'].map((name) => app.createUser('user', { name })));
    const settings = okData(await app.graphql(operations.EmailSettings, {}, quiet.idToken)).emailSettings.filter((s) => s.type.startsWith('saved_home'));
    expect(settings).toEqual([
      { type: 'saved_home_price_cut', about: 'price cuts on homes on your wishlist', delivery: 'instant', choices: ['instant', 'daily', 'never'] },
      { type: 'saved_home_under_offer', about: 'homes on your wishlist going under offer', delivery: 'instant', choices: ['instant', 'daily', 'never'] },
      { type: 'saved_home_sold', about: 'homes on your wishlist being sold', delivery: 'daily', choices: ['instant', 'daily', 'never'] },
    ]);
    okData(await app.graphql(operations.SetEmailSetting, { type: 'saved_home_price_cut', delivery: 'never' }, quiet.idToken));
    okData(await app.graphql(operations.SetEmailSetting, { type: 'saved_home_price_cut', delivery: 'daily' }, daily.idToken));
    const listing = await savedHome([quiet, daily], unique('Quiet Quarters'));

    okData(await cutPrice(listing, '800.00', '2000.00'));
    const [cut] = await app.db.listingEvent.findMany({ where: { propertyId: listing.id, kind: 'price_changed' } });
    await alertsDone([cut.id]);
    expect((await notificationsOf(quiet, listing.id)).map((n) => n.emailDelivery)).toEqual(['never']);
    expect((await notificationsOf(daily, listing.id)).map((n) => n.emailDelivery)).toEqual(['daily']);
    // Neither got an e-mail of its own (only instant ones queue one); the daily one comes in the digest.
    await app.eventsAndJobs.jobs.boss.send('digest-daily', {});
    const [digest] = await waitForEmails(daily.email, { subject: /daily digest/ });
    expect(digest.text).toContain(`Price cut on ${listing.title}`);
    expect(await emailsTo(quiet.email)).toEqual([]);
  });
});

describe('going under offer and selling', () => {
  it('tells the other buyers who saved the home, live and by e-mail (a sale by the daily digest), but not the buyer whose offer it is', async () => {
    const [winner, watcher] = await Promise.all(['Wendy Winner', 'Walt Watcher'].map((name) => app.createUser('user', { name })));
    const listing = await savedHome([winner, watcher], unique('Offer Oaks'));
    const live = await subscribe(app.url, watcher.idToken, operations.NotificationEvents);

    const offer = okData(await app.graphql(operations.MakeOffer, { input: { propertyId: listing.id, offerAmount: '1500', buyingDate: FUTURE } }, winner.idToken)).makeOffer;
    okData(await app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken));
    const underOffer = (await live.next()).data!.notificationEvents.notification;
    expect(underOffer).toMatchObject({ type: 'saved_home_under_offer', text: `${listing.title} (on your wishlist) is now under offer: an offer on it was accepted.`, link: `/propertyDetails/${listing.id}` });
    const [email] = await waitForEmails(watcher.email, { subject: /under offer/ });
    expect(email.text).toContain(`${listing.title} (on your wishlist) is now under offer`);

    const payment = okData(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, winner.idToken)).startOfferPayment;
    await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId);
    okData(await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, winner.idToken));
    const sold = (await live.next()).data!.notificationEvents.notification;
    expect(sold).toMatchObject({ type: 'saved_home_sold', text: `${listing.title} (on your wishlist) has sold.` });
    await live.close();
    expect((await notificationsOf(watcher, listing.id)).map((n) => [n.type, n.emailDelivery])).toEqual([
      ['saved_home_under_offer', 'instant'],
      ['saved_home_sold', 'daily'],
    ]);
    await app.eventsAndJobs.jobs.boss.send('digest-daily', {});
    const [digest] = await waitForEmails(watcher.email, { subject: /daily digest/ });
    expect(digest.text).toContain(`${listing.title} (on your wishlist) has sold.`);

    // The winner heard of their own offer, not of the home going under offer or selling.
    const events = await app.db.listingEvent.findMany({ where: { propertyId: listing.id, kind: { in: ['offer_accepted', 'sold'] } } });
    await alertsDone(events.map((e) => e.id));
    expect(await notificationsOf(winner, listing.id)).toEqual([]);
  });
});

describe('once per change', () => {
  it('a rolled-back change queues nothing and tells nobody', async () => {
    const saver = await app.createUser('user');
    const listing = await savedHome([saver]);
    let eventId = '';
    await expect(
      app.db.$transaction(async (tx) => {
        const event = await recordPriceChange(tx, listing.id, { priceMin: '1000.00', priceMax: '2000.00' }, { priceMin: '500.00', priceMax: '600.00' });
        eventId = event.id;
        await queueSavedHomeAlert(tx, app.eventsAndJobs.jobs, event);
        throw new Error('the change fails after its alert was queued');
      }),
    ).rejects.toThrow('the change fails');
    expect((await app.eventsAndJobs.jobs.boss.findJobs<{ listingEventId: string }>(savedHomeAlertJob.name)).filter((job) => job.data.listingEventId === eventId)).toEqual([]);
    expect(await app.db.listingEvent.count({ where: { id: eventId } })).toBe(0);
    expect(await notificationsOf(saver, listing.id)).toEqual([]);
  });

  it('the same change run by two workers at once, then retried, tells each buyer once', async () => {
    const savers = await Promise.all([1, 2, 3].map(() => app.createUser('user')));
    const listing = await savedHome(savers);
    // The event as the edit records it, without the edit's own job: the workers below are the only ones.
    const event = await recordPriceChange(app.db, listing.id, { priceMin: '1000.00', priceMax: '2000.00' }, { priceMin: '1000.00', priceMax: '1500.00' });
    const counts = await Promise.all([1, 2].map(() => app.db.$transaction((tx) => alertSavedHome(tx, app.eventsAndJobs.notifier, event.id))));
    expect(counts.sort()).toEqual([0, 3]);
    // A retry through the queue, twice over.
    await app.db.$transaction((tx) => app.eventsAndJobs.jobs.enqueue(tx, savedHomeAlertJob, [{ listingEventId: event.id }, { listingEventId: event.id }]));
    await alertsDone([event.id, event.id]);
    for (const saver of savers) expect((await notificationsOf(saver, listing.id)).map((n) => n.dedupeKey)).toEqual([`saved-home:${event.id}`]);
  });
});
