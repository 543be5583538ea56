// Agents' numbers in Chromium: an agent's profile shows a listing's numbers;
// after a buyer opens its details page, the agent sees the views go up and the
// chart of the last 30 days (its code loaded only then), accessible throughout.
import type { Page } from 'playwright-core';
import { createListing, createOffer, createWishlistItem } from '../server/test/fixtures';
import { expectAccessible, startBrowserSession, type BrowserSession } from './browser';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession();
});
afterAll(async () => {
  await session?.close();
});

const cell = (page: Page, title: string, testId: string) => page.getByTestId('listing-numbers-row').filter({ hasText: title }).getByTestId(testId);

it('shows an agent the views of a listing rise once a buyer opened it, with a chart', async () => {
  const { app } = session;
  const tag = `N${Date.now().toString(36)}`;
  const agent = await app.createUser('agent', { name: 'Nadia Numbers' });
  const buyer = await app.createUser('user', { name: 'Babul Buyer' });
  const listing = await createListing(app, agent.user.id, { title: `Palm Court ${tag}`, location: `Banani ${tag}, Dhaka` });
  await createWishlistItem(app, listing.id, buyer.user.id);
  await createOffer(app, listing, buyer.user.id);

  const agentPage = await session.signedInPage(agent.email, agent.password, { at: '/dash-board/agent-profile' });
  await cell(agentPage, listing.title, 'listing-views').getByText('0', { exact: true }).waitFor();
  expect(await cell(agentPage, listing.title, 'listing-wishlist-adds').textContent()).toBe('1');
  expect(await cell(agentPage, listing.title, 'listing-offers').textContent()).toBe('1');
  await agentPage.getByTestId('listing-chart-summary').getByText('0 views, 1 wishlist add, 1 offer', { exact: false }).waitFor();
  await agentPage.getByTestId('listing-chart-drawing').locator('svg').first().waitFor();
  await expectAccessible(agentPage, 'agent profile: listing performance');

  // The buyer opens the details page twice: one view today.
  const buyerPage = await session.signedInPage(buyer.email, buyer.password);
  for (let visit = 0; visit < 2; visit += 1) {
    await buyerPage.goto(`/propertyDetails/${listing.id}`);
    await buyerPage.getByRole('heading', { name: listing.title }).waitFor();
  }

  await agentPage.reload();
  await cell(agentPage, listing.title, 'listing-views').getByText('1', { exact: true }).waitFor();
  await agentPage.getByTestId('listing-chart-summary').getByText('1 view, 1 wishlist add, 1 offer', { exact: false }).waitFor();
  await agentPage.getByTestId('listing-chart-drawing').locator('svg').first().waitFor();
  await expectAccessible(agentPage, 'agent profile: a view counted');
});

it('says "No views yet" to an agent without listings', async () => {
  const agent = await session.app.createUser('agent', { name: 'Nabil Newcomer' });
  const page = await session.signedInPage(agent.email, agent.password, { at: '/dash-board/agent-profile' });
  await page.getByTestId('listing-performance-empty').getByText('No views yet').waitFor();
  await expectAccessible(page, 'agent profile: no listings');
});
