// The dashboard's tables on a 390 px phone: rows read as cards, every cell's
// content stays inside it, the page never scrolls sideways and each row's
// actions are on screen; the pages pass the accessibility check there too.
import type { Page } from 'playwright-core';
import { createListing, createOffer } from '../server/test/fixtures';
import { expectAccessible, PHONE, startBrowserSession, type BrowserSession } from './browser';


let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession();
});
afterAll(async () => {
  await session?.close();
});

/** What overflows on the page: the page itself sideways, and any table cell whose content is wider than the cell. */
async function overflow(page: Page): Promise<{ pageWidth: number; viewport: number; cells: string[] }> {
  return page.evaluate(`(() => ({
    pageWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    cells: [...document.querySelectorAll('tbody td')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent.trim().slice(0, 60)),
  }))()`);
}

/** The button's box lies within the screen's width. */
async function onScreen(button: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = await button.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

it('shows Requested Properties as cards with Accept and Reject on screen', async () => {
  const agent = await session.app.createUser('agent', { name: 'Pia Phone-Agent' });
  const buyer = await session.app.createUser('user', { name: 'Benedikt Exceptionally-Long-Surname Buyer' });
  const property = await createListing(session.app, agent.user.id, {
    title: 'A Remarkably Long Property Title For A Small Screen',
    location: 'Bashundhara Residential Area, Block D, Dhaka',
    image: '/uploads/none.webp',
    priceMin: '100000.00',
    priceMax: '120000.00',
  });
  await createOffer(session.app, property, buyer.user.id, 'pending', '110000.00');

  const page = await session.signedInPage(agent.email, agent.password, { ...PHONE, at: '/dash-board/requested-properties' });
  const accept = page.getByRole('button', { name: `Accept offer from ${buyer.user.name} on ${property.title}` });
  const reject = page.getByRole('button', { name: `Reject offer from ${buyer.user.name} on ${property.title}` });
  await accept.waitFor();
  await expect(onScreen(accept)).resolves.toBe(true);
  await expect(onScreen(reject)).resolves.toBe(true);
  // Each line of the card names its column.
  await expect(page.evaluate(`getComputedStyle(document.querySelector('[data-testid="offer-row"] td:nth-of-type(2)'), '::before').content`)).resolves.toBe('"Buyer"');
  await expect(overflow(page)).resolves.toEqual({ pageWidth: PHONE.width, viewport: PHONE.width, cells: [] });
  await expectAccessible(page, 'requested properties (390 px)');
});

it('keeps long e-mails inside their cells on Manage Users', async () => {
  const admin = await session.app.createUser('admin', { name: 'Phoebe Phone-Admin' });
  const long = await session.app.createUser('user', { name: 'Lorenzo Longmail', email: `lorenzo.with.an.unusually.long.address.${Date.now()}@a-long-subdomain.example-company.test` });

  const page = await session.signedInPage(admin.email, admin.password, { ...PHONE, at: '/dash-board/manage-users' });
  const row = page.getByRole('row').filter({ hasText: 'Lorenzo Longmail' });
  await row.getByText(long.email).waitFor();
  await expect(onScreen(row.getByRole('button', { name: 'Make Admin: Lorenzo Longmail' }))).resolves.toBe(true);
  await expect(onScreen(row.getByRole('button', { name: 'Delete: Lorenzo Longmail' }))).resolves.toBe(true);
  await expect(overflow(page)).resolves.toEqual({ pageWidth: PHONE.width, viewport: PHONE.width, cells: [] });
  await expectAccessible(page, 'manage users (390 px)');

  await page.goto('/dash-board/manage-properties');
  await page.getByRole('table', { name: 'All properties' }).getByRole('row').first().waitFor();
  await expect(overflow(page)).resolves.toEqual({ pageWidth: PHONE.width, viewport: PHONE.width, cells: [] });
  await expectAccessible(page, 'manage properties (390 px)');
});

it('holds a listing’s details page still while it loads, its gallery included (layout shifts at most 0.02, issue 21)', async () => {
  const agent = await session.app.createUser('agent', { name: 'Gali Gallery' });
  const buyer = await session.app.createUser('user', { name: 'Still Page' });
  const property = await createListing(session.app, agent.user.id, { title: 'Three Photo Bungalow' });
  await session.app.db.propertyPhoto.createMany({ data: [1, 2, 3].map((number, position) => ({ propertyId: property.id, url: `/uploads/none-${number}.webp`, position })) });

  const page = await session.signedInPage(buyer.email, buyer.password, PHONE);
  // Every shift not caused by input, from the page's first paint on (what CLS adds up).
  await page.addInitScript(`
    globalThis.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) globalThis.__layoutShifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  `);
  await page.goto(`/propertyDetails/${property.id}`);
  // The gallery's thumbnails and the page below them are drawn.
  await page.getByRole('list', { name: 'Thumbnails' }).getByRole('button', { name: 'Show photo 3 of 3' }).waitFor();
  await page.getByRole('heading', { name: property.title }).waitFor();
  const shifts = (await page.evaluate('globalThis.__layoutShifts')) as number[];
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
});
