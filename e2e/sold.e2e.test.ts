// Sold is sold, in Chromium: a listing is bought, and a second buyer sees it as
// Sold everywhere (home page, All Properties with and without the "show sold"
// filter, details, wishlist, the make-offer address) with no offer control.
import type { Page } from 'playwright-core';
import { createListing, createWishlistItem, FUTURE, okData } from '../server/test/fixtures';
import * as operations from '../server/test/generated/graphql';
import { confirmWithCard } from '../server/test/payments';
import { expectAccessible, startBrowserSession, type BrowserSession } from './browser';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession();
});
afterAll(async () => {
  await session?.close();
});

const cardTitles = (page: Page) => page.getByTestId('property-card').getByRole('heading').allTextContents();

it('shows a bought listing as Sold everywhere, with no offer control', async () => {
  const { app } = session;
  const tag = `S${Date.now().toString(36)}`;
  const agent = await app.createUser('agent', { name: 'Selma Seller' });
  const buyer = await app.createUser('user', { name: 'Bilal Buyer' });
  const secondBuyer = await app.createUser('user', { name: 'Sadia Second' });
  const sold = await createListing(app, agent.user.id, { title: `Lotus House ${tag}`, location: `Uttara ${tag}, Dhaka`, isAdvertised: true, priceMin: '90000.00', priceMax: '120000.00' });
  const stillOpen = await createListing(app, agent.user.id, { title: `Fern Villa ${tag}`, location: `Uttara ${tag}, Dhaka`, isAdvertised: true, priceMin: '80000.00', priceMax: '95000.00' });
  for (const account of [buyer, secondBuyer]) await createWishlistItem(app, sold.id, account.user.id);

  // The first buyer's offer is accepted and paid (through the API, as the buying journey does it in the browser).
  const offer = okData(await app.graphql(operations.MakeOffer, { input: { propertyId: sold.id, offerAmount: '100000', buyingDate: FUTURE } }, buyer.idToken)).makeOffer;
  okData(await app.graphql(operations.AcceptOffer, { id: offer.id }, agent.idToken));
  const payment = okData(await app.graphql(operations.StartOfferPayment, { offerId: offer.id }, buyer.idToken)).startOfferPayment;
  expect((await confirmWithCard(app, payment.clientSecret, payment.paymentIntentId)).status).toBe(200);
  okData(await app.graphql(operations.CompleteOfferPayment, { offerId: offer.id, paymentIntentId: payment.paymentIntentId }, buyer.idToken));
  expect((await app.db.property.findUniqueOrThrow({ where: { id: sold.id } })).saleState).toBe('sold');

  const page = await session.signedInPage(secondBuyer.email, secondBuyer.password);

  // Home: the advertised list has the open listing, not the sold one.
  await page.goto('/');
  const advertised = page.getByTestId('advertised-grid');
  await advertised.getByTestId('property-card').filter({ hasText: stillOpen.title }).waitFor();
  expect(await advertised.getByTestId('property-card').filter({ hasText: sold.title }).count()).toBe(0);
  await expectAccessible(page, 'home without the sold listing');

  // All Properties: not listed by default...
  await page.goto(`/allProperties?search=${encodeURIComponent(tag)}`);
  await page.getByTestId('property-card').getByRole('heading', { name: stillOpen.title }).waitFor();
  await page.getByTestId('match-count').getByText('1 match').waitFor();
  expect(await cardTitles(page)).toEqual([stillOpen.title]);
  await expectAccessible(page, 'all properties without sold listings');

  // ...and listed, marked Sold, with the filter (which goes into the URL).
  await page.getByTestId('filters-toggle').click();
  await page.getByText('Show sold properties').click();
  await page.getByTestId('filters-apply').click();
  await page.waitForURL(/sold=1/);
  const soldCard = page.getByTestId('property-card').filter({ hasText: sold.title });
  await soldCard.getByTestId('sale-state').getByText('Sold').waitFor();
  await page.getByTestId('match-count').getByText('2 matches').waitFor();
  await expectAccessible(page, 'all properties with sold listings');

  // Details: Sold, and no Add to Wishlist.
  await soldCard.getByRole('link', { name: /^Details/ }).click();
  await page.waitForURL(`**/propertyDetails/${sold.id}`);
  await page.getByTestId('property-details').getByTestId('sale-state').getByText('Sold').waitFor();
  await page.getByTestId('sale-state-notice').waitFor();
  expect(await page.getByRole('button', { name: 'Add to Wishlist' }).count()).toBe(0);
  await expectAccessible(page, 'details of a sold listing');

  // Wishlist: the state instead of Make an Offer.
  await page.goto('/dash-board/wishlist');
  const wished = page.getByTestId('property-card').filter({ hasText: sold.title });
  await wished.getByTestId('sale-state-notice').waitFor();
  expect(await wished.getByRole('link', { name: /Make an Offer/ }).count()).toBe(0);
  await expectAccessible(page, 'wishlist with a sold listing');

  // The make-offer address itself shows the state, not a form.
  const item = await app.db.wishlistItem.findFirstOrThrow({ where: { propertyId: sold.id, userId: secondBuyer.user.id } });
  await page.goto(`/dash-board/make-offer/${item.id}`);
  await page.getByTestId('sale-state-notice').waitFor();
  expect(await page.getByLabel('Offer amount ($)').count()).toBe(0);
  await expectAccessible(page, 'make offer on a sold listing');

  // The buyer who bought it sees no Make an Offer in their wishlist either.
  const buyerPage = await session.signedInPage(buyer.email, buyer.password, { at: '/dash-board/wishlist' });
  await buyerPage.getByTestId('property-card').filter({ hasText: sold.title }).getByTestId('sale-state-notice').waitFor();
  expect(await buyerPage.getByRole('link', { name: /Make an Offer/ }).count()).toBe(0);
});
