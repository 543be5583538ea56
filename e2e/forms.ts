// Forms the browser journeys fill the way a person does: the Add Property form
// and the local card form of the payment page.
import type { Page } from 'playwright-core';
import { fillAddress } from './address';

/**
 * On the open Add Property page: a title, the address from a location line (fillAddress),
 * one photo and a price range, then Add Property; resolves on My Added Properties with
 * the location line the listing shows.
 */
export async function addListingThroughForm(agentPage: Page, listing: { title: string; location: string; photo: string; priceMin: string; priceMax: string }): Promise<string> {
  await agentPage.getByLabel('Property title').fill(listing.title);
  const shownLocation = await fillAddress(agentPage, listing.location);
  await agentPage.getByLabel('Property image').setInputFiles(listing.photo);
  await agentPage.getByLabel('Minimum price ($)').fill(listing.priceMin);
  await agentPage.getByLabel('Maximum price ($)').fill(listing.priceMax);
  await agentPage.getByRole('button', { name: 'Add Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
  return shownLocation;
}

/** The local card form: `number`, an expiry two years ahead and CVC 123, then Pay (the local Stripe-compatible server's test cards). */
export async function payWithCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill(`12/${String(new Date().getFullYear() + 2).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}
