// The dashboard lists in Chromium once they are paged (issue 13): a buyer with
// more wishlisted properties and offers than a page holds, and an agent with
// more listings and received offers, see the newest page, then everything after
// 'Load more'; the details page of a property on the wishlist's second page
// still says it is in the wishlist.
import type { Page } from 'playwright-core';
import { browserSessionForFile, expectAccessible, signedInAs } from './browser';

const session = browserSessionForFile();
/** Three more than the dashboard's page (20). */
const COUNT = 23;
const title = (prefix: string, i: number) => `${prefix} ${String(i).padStart(2, '0')}`;
/** Row i was created i minutes after the first: the newest is the last. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i));

/** A verified listing of `agentId` titled `name`, arranged in the database. */
const listing = (agentId: string, name: string, createdAt?: Date) =>
  session().app.db.property.create({
    data: { agentId, title: name, location: 'Banani, Dhaka', image: '/uploads/none.webp', priceMin: '1000.00', priceMax: '2000.00', status: 'verified', ...(createdAt ? { createdAt } : {}) },
  });

/** A pending offer of `buyerId` on `property`, made at `createdAt`. */
const offer = (property: { id: string; agentId: string }, buyerId: string, createdAt: Date) =>
  session().app.db.offer.create({ data: { propertyId: property.id, buyerId, agentId: property.agentId, amount: '1500.00', buyingDate: new Date('2031-01-01'), status: 'pending', createdAt } });

/** The newest 20 are shown and the oldest are not, until 'Load more'; then all of them, and no more button. */
async function expectLoadsMore(page: Page, name: (i: number) => RegExp, state: string) {
  await page.getByText(name(COUNT - 19)).first().waitFor();
  expect(await page.getByText(name(COUNT - 20)).count()).toBe(0);
  await expectAccessible(page, `${state}: the first page`);
  await page.getByTestId('load-more').click();
  await page.getByText(name(1)).first().waitFor();
  await page.getByTestId('load-more').waitFor({ state: 'detached' });
  for (let i = 1; i <= COUNT; i += 1) expect(await page.getByText(name(i)).count()).toBeGreaterThan(0);
}

it('shows a buyer every wishlisted property and every offer, a page at a time', async () => {
  const { db } = session().app;
  const { page, account: buyer } = await signedInAs(session(), 'user', 'Paula Pager');
  const agent = await session().app.createUser('agent', { name: 'Lister Pager' });
  for (let i = 1; i <= COUNT; i += 1) {
    const wished = await listing(agent.user.id, title('Wished Home', i));
    await db.wishlistItem.create({ data: { userId: buyer.user.id, propertyId: wished.id, createdAt: at(i) } });
    await offer(await listing(agent.user.id, title('Offered Home', i)), buyer.user.id, at(i));
  }

  await page.goto('/dash-board/wishlist');
  await expectLoadsMore(page, (i) => new RegExp(`^${title('Wished Home', i)}$`), 'wishlist');

  await page.goto('/dash-board/property-bought');
  await expectLoadsMore(page, (i) => new RegExp(`^${title('Offered Home', i)}$`), 'property bought');

  // The oldest wishlisted property was on the second page: its details page still knows.
  const oldest = await db.property.findFirstOrThrow({ where: { title: title('Wished Home', 1) } });
  await page.goto(`/propertyDetails/${oldest.id}`);
  await page.getByRole('link', { name: /in your wishlist/i }).waitFor();
  expect(await page.getByRole('button', { name: 'Add to Wishlist' }).count()).toBe(0);
});

it('shows an agent every listing and every received offer, a page at a time', async () => {
  const { page, account: agent } = await signedInAs(session(), 'agent', 'Aria Pager');
  const bidder = await session().app.createUser('user', { name: 'Bidder Pager' });
  for (let i = 1; i <= COUNT; i += 1) {
    await offer(await listing(agent.user.id, title('Listed Home', i), at(i)), bidder.user.id, at(i));
  }

  await page.goto('/dash-board/my-added-properties');
  await expectLoadsMore(page, (i) => new RegExp(`^${title('Listed Home', i)}$`), 'my added properties');

  await page.goto('/dash-board/requested-properties');
  await expectLoadsMore(page, (i) => new RegExp(`^${title('Listed Home', i)}$`), 'requested properties');
});

it('keeps the loaded pages of requested properties when an offer on page 2 is accepted, and says how many offers the server rejected with it', async () => {
  const { db } = session().app;
  const { page, account: agent } = await signedInAs(session(), 'agent', 'Dana Decider');
  const filler = await session().app.createUser('user', { name: 'Fay Filler' });
  const [chosen, loadedRival, unloadedRival] = await Promise.all(['Cleo Chosen', 'Lou Loaded', 'Una Unloaded'].map((name) => session().app.createUser('user', { name })));
  // 42 offers on other listings, one a minute; three on "Contested Home" among them: the chosen
  // one is row 23 (page 2), a rival row 29 (page 2), the other rival row 44 (page 3, not loaded).
  const FILLERS = 42;
  for (let i = 1; i <= FILLERS; i += 1) await offer(await listing(agent.user.id, title('Quiet Home', i), at(i)), filler.user.id, at(i));
  const contested = await listing(agent.user.id, 'Contested Home');
  const halfPast = (minute: number) => new Date(at(minute).getTime() + 30_000);
  await offer(contested, chosen.user.id, halfPast(20));
  const loadedRivalOffer = await offer(contested, loadedRival.user.id, halfPast(15));
  const unloadedRivalOffer = await offer(contested, unloadedRival.user.id, halfPast(1));

  await page.goto('/dash-board/requested-properties');
  await page.getByText(title('Quiet Home', FILLERS)).waitFor();
  await page.getByTestId('load-more').click();
  const accept = page.getByRole('button', { name: 'Accept offer from Cleo Chosen on Contested Home' });
  await accept.waitFor();
  const rows = page.getByTestId('offer-row');
  expect(await rows.count()).toBe(40);

  await accept.click();
  // The confirmation can only count the rows loaded so far.
  await page.getByRole('alertdialog').getByText('The other pending offer on it will be rejected.', { exact: false }).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept', exact: true }).click();
  // The toast counts what the server rejected: the unloaded rival too.
  await page.getByText('You accepted Cleo Chosen\'s offer on "Contested Home". The other 2 pending offers on it were rejected.').waitFor();
  await rows.filter({ hasText: 'Cleo Chosen' }).getByTestId('offer-status').getByText('accepted').waitFor();
  await rows.filter({ hasText: 'Lou Loaded' }).getByTestId('offer-status').getByText('rejected').waitFor();
  // Both pages stay loaded (no reload back to the first page), and the rest can still be loaded.
  expect(await rows.count()).toBe(40);
  expect(await page.getByText(title('Quiet Home', 1)).count()).toBe(0);
  await page.getByTestId('load-more').click();
  await rows.filter({ hasText: 'Una Unloaded' }).getByTestId('offer-status').getByText('rejected').waitFor();
  expect(await rows.count()).toBe(FILLERS + 3);
  expect((await db.offer.findUniqueOrThrow({ where: { id: loadedRivalOffer.id } })).status).toBe('rejected');
  expect((await db.offer.findUniqueOrThrow({ where: { id: unloadedRivalOffer.id } })).status).toBe('rejected');
});
