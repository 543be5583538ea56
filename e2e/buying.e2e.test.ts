// The buying journey in Chromium: wishlist → offer (range checked) → the agent
// accepts (the other buyer's offer is rejected) → a declined card, then a good
// one → bought with its transaction id → the agent's sold total → a review on
// the details page and the home page.
import { createListing, createOffer } from '../server/test/fixtures';
import { expectAccessible, startBrowserSession, type BrowserSession } from './browser';
import { payWithCard } from './forms';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession();
});
afterAll(async () => {
  await session?.close();
});

it('takes a buyer from wishlist to a paid offer, and a review to the home page', async () => {
  const agent = await session.app.createUser('agent', { name: 'Arif Agent' });
  const buyer = await session.app.createUser('user', { name: 'Bushra Buyer' });
  const rival = await session.app.createUser('user', { name: 'Rafiq Rival' });
  const property = await createListing(session.app, agent.user.id, { title: 'Palm Court Residence', location: 'Baridhara, Dhaka', image: '/uploads/none.webp', priceMin: '100000.00', priceMax: '120000.00' });
  // Another buyer's pending offer on the same property.
  const rivalOffer = await createOffer(session.app, property, rival.user.id, 'pending', '101000.00');

  // The buyer adds the property to the wishlist from its details page.
  const page = await session.signedInPage(buyer.email, buyer.password, { at: `/propertyDetails/${property.id}` });
  await page.getByRole('button', { name: 'Add to Wishlist' }).waitFor();
  await page.getByTestId('reviews-empty').waitFor();
  await expectAccessible(page, 'property details');
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await page.getByText(/in your wishlist/i).first().waitFor();
  await expectAccessible(page, 'property details: in the wishlist');

  // Make an Offer from the wishlist: below the range first.
  await page.goto('/dash-board/wishlist');
  await page.getByRole('link', { name: 'Make an Offer on Palm Court Residence' }).waitFor();
  await expectAccessible(page, 'wishlist');
  await page.getByRole('link', { name: 'Make an Offer on Palm Court Residence' }).click();
  await page.waitForURL('**/dash-board/make-offer/**');
  await page.getByLabel('Offer amount ($)').fill('99999.99');
  const future = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  await page.getByLabel('Buying date').fill(future);
  await page.getByRole('button', { name: 'Make an Offer' }).click();
  await page.getByText('Offer must be within the price range.').waitFor();
  await expectAccessible(page, 'make offer: out of range');
  expect(await session.app.db.offer.count({ where: { buyerId: buyer.user.id } })).toBe(0);

  await page.getByLabel('Offer amount ($)').fill('110000.25');
  await page.getByRole('button', { name: 'Make an Offer' }).click();
  await page.waitForURL('**/dash-board/property-bought');
  const myOffer = page.getByTestId('offer-card').filter({ hasText: 'Palm Court Residence' });
  await myOffer.getByTestId('offer-status').getByText('pending').waitFor();
  await expect(myOffer.getByRole('link', { name: /^Pay for/ }).count()).resolves.toBe(0);
  await expectAccessible(page, 'property bought: pending offer');

  // The agent accepts it; the rival's pending offer becomes rejected.
  const agentPage = await session.signedInPage(agent.email, agent.password, { at: '/dash-board/requested-properties' });
  await agentPage.getByRole('button', { name: 'Accept offer from Bushra Buyer on Palm Court Residence' }).waitFor();
  await expectAccessible(agentPage, 'requested properties');
  await agentPage.getByRole('button', { name: 'Accept offer from Bushra Buyer on Palm Court Residence' }).click();
  await agentPage.getByRole('alertdialog').getByText('The other pending offer on it will be rejected.', { exact: false }).waitFor();
  await expectAccessible(agentPage, 'requested properties: accept confirmation');
  await agentPage.getByRole('alertdialog').getByRole('button', { name: 'Accept', exact: true }).click();
  await agentPage.getByText('Offer accepted', { exact: true }).waitFor();
  await agentPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await agentPage.getByTestId('offer-row').filter({ hasText: 'Rafiq Rival' }).getByTestId('offer-status').getByText('rejected').waitFor();
  await agentPage.getByTestId('offer-row').filter({ hasText: 'Bushra Buyer' }).getByTestId('offer-status').getByText('accepted').waitFor();
  expect((await session.app.db.offer.findUniqueOrThrow({ where: { id: rivalOffer.id } })).status).toBe('rejected');

  // The buyer pays: a declined card first, which leaves the offer accepted.
  await page.reload();
  await myOffer.getByRole('link', { name: 'Pay for Palm Court Residence' }).click();
  await page.waitForURL('**/dash-board/payment/**');
  await page.getByTestId('payment-amount').getByText('$110,000.25').waitFor();
  await page.getByLabel('Card number').waitFor();
  await expectAccessible(page, 'payment');
  // A mistyped number (its Luhn check digit is wrong) is refused in the form, before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByTestId('card-brand').getByText('Visa').waitFor();
  await payWithCard(page, '4242 4242 4242 4241');
  await page.getByText('Your card number is invalid.').waitFor();
  await expectAccessible(page, 'payment: invalid card number');
  expect((await session.app.db.offer.findFirstOrThrow({ where: { buyerId: buyer.user.id } })).status).toBe('accepted');
  await payWithCard(page, '4000 0000 0000 0002');
  await page.getByTestId('card-error').getByText('Your card was declined.').waitFor();
  await expectAccessible(page, 'payment: card declined');
  const offerRow = await session.app.db.offer.findFirstOrThrow({ where: { buyerId: buyer.user.id } });
  expect(offerRow.status).toBe('accepted');

  // Then a good card.
  await payWithCard(page, '4242 4242 4242 4242');
  await page.getByRole('alertdialog').getByText('Payment Successful').waitFor();
  await expectAccessible(page, 'payment: success alert');
  // Property Bought opens at the offer just paid.
  await page.waitForURL(`**/dash-board/property-bought?item=${offerRow.id}`);
  const paid = await session.app.db.offer.findUniqueOrThrow({ where: { id: offerRow.id } });
  expect(paid.status).toBe('bought');
  expect(paid.transactionId).toMatch(/^pi_/);
  await myOffer.getByTestId('offer-status').getByText('bought').waitFor();
  await myOffer.getByTestId('transaction-id').getByText(paid.transactionId!).waitFor();
  await expectAccessible(page, 'property bought: paid offer');

  // The agent's sold total, with two decimals.
  await agentPage.goto('/dash-board/my-sold-properties');
  await agentPage.getByTestId('sold-total').getByText('$110,000.25').waitFor();
  await agentPage.getByTestId('sold-row').filter({ hasText: 'Palm Court Residence' }).getByText(paid.transactionId!).waitFor();
  await expectAccessible(agentPage, 'my sold properties');

  // The buyer reviews the property; the text is shown as text, on the details page and the home page.
  const reviewText = 'Lovely light. <b>Not bold</b> & honest agent.';
  await page.goto(`/propertyDetails/${property.id}`);
  await page.getByTestId('reviews-empty').getByText('No reviews yet.').waitFor();
  await page.getByRole('button', { name: 'Add a Review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Review text is required').waitFor();
  await expectAccessible(page, 'add a review: validation message');
  await page.getByLabel('Your review').fill(reviewText);
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await page.getByTestId('review').getByText(reviewText, { exact: true }).waitFor();
  await expect(page.locator('[data-testid="review"] b').count()).resolves.toBe(0);
  await expectAccessible(page, 'property details: with a review');

  const visitor = await session.newPage();
  await visitor.goto('/');
  const latest = visitor.getByTestId('latest-review-card').filter({ hasText: 'Palm Court Residence' });
  await latest.getByText('Property: Palm Court Residence').waitFor();
  await latest.getByText('Bushra Buyer').waitFor();
  await latest.getByText(reviewText, { exact: true }).waitFor();
  await expectAccessible(visitor, 'home: signed out, with reviews');
});
