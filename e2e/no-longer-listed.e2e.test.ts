// A listing the buyer holds things about (an offer, a wishlist item, a
// conversation, a review, a report, a saved-search match) is rejected by
// moderation: everywhere the buyer meets it, the dashboard shows its title and
// "No longer listed" instead of its photo and details, offers nothing that would
// be refused, and passes the accessibility check; on a 390 px phone and on a
// desktop. Screenshots go to $SCREENSHOT_DIR when it is set.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { okData } from '../server/test/fixtures';
import * as operations from '../server/test/generated/graphql';
import { expectAccessible, PHONE, startBrowserSession, type BrowserSession } from './browser';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession();
});
afterAll(async () => {
  await session?.close();
});

const SIZES = [
  { name: 'phone', ...PHONE },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

it('shows the buyer "No longer listed" wherever they meet a listing moderation rejected', async () => {
  const { app } = session;
  const [agent, buyer, admin] = [await app.createUser('agent', { name: 'Nadia Agent' }), await app.createUser('user', { name: 'Bilal Buyer' }), await app.createUser('admin', { name: 'Ayesha Admin' })];
  const listing = await app.db.property.create({
    data: { agentId: agent.user.id, title: 'Lakeview Flat, Gulshan', location: 'Road 12, Gulshan, Dhaka', image: 'https://images.example.test/lake.jpg', priceMin: '90000.00', priceMax: '120000.00', status: 'verified' },
  });
  const wishlistItemId = okData(await app.graphql(operations.AddToWishlist, { propertyId: listing.id }, buyer.idToken)).addToWishlist.id;
  okData(await app.graphql(operations.MakeOffer, { input: { propertyId: listing.id, offerAmount: '100000', buyingDate: `${new Date().getUTCFullYear() + 1}-06-01` } }, buyer.idToken));
  const conversationId = okData(await app.graphql(operations.ContactAgent, { propertyId: listing.id, body: 'Is the lake view real?' }, buyer.idToken)).contactAgent.conversation.id;
  okData(await app.graphql(operations.AddReview, { propertyId: listing.id, text: 'Lovely light in the mornings.' }, buyer.idToken));
  okData(await app.graphql(operations.ReportListing, { input: { propertyId: listing.id, reason: 'wrong_photos' } }, buyer.idToken));
  await app.db.notification.create({
    data: { recipientId: buyer.user.id, type: 'saved_search_match', subjectId: listing.id, text: `New listing for your saved search "Gulshan": ${listing.title} in ${listing.location}`, dedupeKey: `seen:${listing.id}`, emailDelivery: 'never' },
  });
  okData(await app.graphql(operations.ResolveReports, { propertyId: listing.id, action: 'REJECT_LISTING', note: 'The photos show another building.' }, admin.idToken));

  for (const size of SIZES) {
    const page = await session.signedInPage(buyer.email, buyer.password, size);

    // Property Bought: the offer stays (rejected with the listing), shown without photo or place.
    await page.goto('/dash-board/property-bought');
    const card = page.getByTestId('offer-card').filter({ hasText: listing.title });
    await card.getByTestId('no-longer-listed-cover').waitFor();
    expect(await card.getByRole('img').count()).toBe(0);
    expect(await card.getByText('Gulshan, Dhaka').count()).toBe(0);
    expect(await card.getByRole('link', { name: /Message agent/ }).count()).toBe(0);
    await card.getByTestId('offer-status').getByText('rejected').waitFor();
    await expectAccessible(page, `property bought, no longer listed (${size.name})`);
    await shoot(page, `${size.name}-property-bought`);

    // Make an offer from the wishlist item: the state instead of a form that would be refused.
    await page.goto(`/dash-board/make-offer/${wishlistItemId}`);
    await page.getByTestId('no-longer-listed-notice').getByText(listing.title).waitFor();
    expect(await page.getByLabel(/Offer amount/).count()).toBe(0);
    await expectAccessible(page, `make offer, no longer listed (${size.name})`);
    await shoot(page, `${size.name}-make-offer`);

    // Messages: the conversation stays readable; the listing is not linked.
    await page.goto('/dash-board/messages');
    await page.getByTestId('no-longer-listed').first().waitFor();
    await expectAccessible(page, `messages, no longer listed (${size.name})`);
    await shoot(page, `${size.name}-messages`);
    await page.goto(`/dash-board/messages/${conversationId}`);
    await page.getByText('Is the lake view real?').waitFor();
    await page.getByTestId('no-longer-listed').waitFor();
    expect(await page.getByRole('link', { name: listing.title }).count()).toBe(0);
    await shoot(page, `${size.name}-conversation`);

    // My Reviews and My Reports: the title with the state, no link to a page that is gone.
    await page.goto('/dash-board/my-reviews');
    await page.getByTestId('my-review').getByTestId('no-longer-listed').waitFor();
    expect(await page.getByRole('link', { name: listing.title }).count()).toBe(0);
    await expectAccessible(page, `my reviews, no longer listed (${size.name})`);
    await shoot(page, `${size.name}-my-reviews`);
    await page.goto('/dash-board/my-reports');
    await page.getByTestId('my-report').getByTestId('no-longer-listed').waitFor();
    await shoot(page, `${size.name}-my-reports`);

    // Notifications: the saved-search match says so instead of opening a page that is gone.
    await page.goto('/dash-board/notifications');
    const match = page.getByTestId('notification').filter({ hasText: 'saved search' });
    await match.getByTestId('no-longer-listed').waitFor();
    expect(await match.getByRole('link', { name: /^Open/ }).count()).toBe(0);
    await expectAccessible(page, `notifications, no longer listed (${size.name})`);
    await shoot(page, `${size.name}-notifications`);
    await page.context().close();
  }
});
