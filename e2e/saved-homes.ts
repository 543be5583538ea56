// Steps the browser journeys share around a buyer's saved homes: saving one, an
// agent's price cut, the buyer hearing of it (live and by e-mail) and the mortgage
// calculator's known figure.
import type { Page } from 'playwright-core';
import { waitForEmails } from '../server/test/mailbox';
import { fillAddress } from './address';
import { bell, expectAccessible } from './browser';

/** The buyer saves the home their details page shows to the wishlist: a toast says so, and no notification comes of it. */
export async function saveFromDetails(buyerPage: Page, state: string): Promise<void> {
  await buyerPage.getByRole('button', { name: 'Add to Wishlist' }).click();
  await buyerPage.getByText(/in your wishlist/i).first().waitFor();
  await bell(buyerPage, 0).waitFor();
  await expectAccessible(buyerPage, state);
}

/** The agent sets the listing's price range on its update form (completing the address a listing from a free-text location lacks). */
export async function cutPrice(agentPage: Page, listing: { id: string; location: string }, priceMin: string, priceMax: string): Promise<void> {
  await agentPage.goto(`/dash-board/update-property/${listing.id}`);
  await agentPage.getByLabel('Minimum price ($)').fill(priceMin);
  await agentPage.getByLabel('Maximum price ($)').fill(priceMax);
  await fillAddress(agentPage, listing.location);
  await agentPage.getByRole('button', { name: 'Update Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
}

/**
 * The buyer's open details page hears of the price cut `text` describes: the bell
 * rises to 1, a toast says it, the price on the page follows (`shownMin`); then the
 * e-mail, with a link to the home, arrives in the local inbox.
 */
export async function expectPriceCutHeard(buyerPage: Page, buyerEmail: string, listingId: string, text: string, shownMin: string): Promise<void> {
  await bell(buyerPage, 1).waitFor({ timeout: 30_000 });
  await buyerPage.getByText(text).first().waitFor();
  await buyerPage.getByTestId('property-price').getByText(shownMin).waitFor();
  await expectAccessible(buyerPage, 'details on a phone: price cut toast');
  const [email] = await waitForEmails(buyerEmail, { subject: /A home on your wishlist costs less/ });
  expect(email.text).toContain(text);
  expect(email.text).toContain(`/propertyDetails/${listingId}`);
}

/** The details page's calculator, filled with a known case: 200,000 at 5 % over 25 years, no deposit, is 1,169.18 a month. Returns the calculator. */
export async function expectKnownMortgage(buyerPage: Page) {
  const calculator = buyerPage.getByTestId('mortgage-calculator');
  await calculator.scrollIntoViewIfNeeded();
  await calculator.getByLabel('Price ($)').fill('200000');
  await calculator.getByLabel('Deposit ($)').fill('0');
  await calculator.getByLabel('Interest rate (% a year)').fill('5');
  await calculator.getByLabel('Term (years)').fill('25');
  await calculator.getByTestId('mortgage-monthly').getByText('$1,169.18').waitFor();
  return calculator;
}
