// Issue 25's rough edges, each as a person meets it in Chromium: why /login is
// shown and the way to register; a buyer's open Property Bought page following
// the agent's acceptance live (Pay appears, a toast says so), paying, landing on
// the paid offer, the receipt in the inbox; "Open" on a notification reaching
// the thing itself, and acting on it reading the bell; the Make an Offer page
// kept short with its range in sight; the photo field after uploads and one
// area unit; admins told of new listings and deciding on the listing's page;
// moderation asking before it cannot be undone; the agent's chart on a phone;
// a sold home's days; a full page load opening at the top.
import { fillAddress } from './address';
import { createListing, createOffer, createWishlistItem, okData, unique } from '../server/test/fixtures';
import * as operations from '../server/test/generated/graphql';
import { waitForEmails } from '../server/test/mailbox';
import { bell, browserSessionForFile, expectAccessible, PHONE } from './browser';
import { payWithCard } from './forms';
import { photosForFile } from './photos';

const session = browserSessionForFile();
const photoPaths = photosForFile('edges', ['#c05621', '#2b6cb0', '#2f855a'], { width: 900, height: 675 });


/** A fresh account of `role` and a page signed in as it (at `size`). */
async function signedIn(role: 'user' | 'agent' | 'admin', name: string, size?: { width: number; height: number }) {
  const account = await session().app.createUser(role, { name });
  const page = await session().signedInPage(account.email, account.password, size);
  return { account, page };
}

it('tells a visitor sent to /login why, and offers registration', async () => {
  const page = await session().newPage();
  await page.goto('/allProperties');
  await page.waitForURL('**/login');
  const reason = page.getByTestId('sign-in-reason');
  await reason.getByText('Sign in to see properties.').waitFor();
  await expectAccessible(page, 'login: sent from All Properties');
  await reason.getByRole('link', { name: 'Create a free account' }).click();
  await page.waitForURL('**/register');
  // Someone who came to sign in of their own accord is not told they were sent.
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  expect(await page.getByTestId('sign-in-reason').count()).toBe(0);
});

it('shows Pay on the buyer’s open Property Bought page as soon as the agent accepts, lands on the paid offer and e-mails a receipt', async () => {
  const { app } = session();
  const title = unique('Live Lodge');
  const { account: agent, page: agentPage } = await signedIn('agent', 'Lina Agent');
  const { account: buyer, page } = await signedIn('user', 'Bilal Buyer');
  const property = await createListing(app, agent.user.id, { title, location: 'Gulshan 2, Dhaka', priceMin: '460000.00', priceMax: '480000.00' });
  const older = await createListing(app, agent.user.id, { title: unique('Older Offer Flat') });
  await createOffer(app, older, buyer.user.id, 'pending', '1500.00', { createdAt: new Date(Date.now() - 86_400_000) });
  // The buyer already wrote to the agent about it: "Message agent" opens that conversation.
  const { conversation } = okData(await app.graphql(operations.ContactAgent, { propertyId: property.id, body: 'Is the garden shared?' }, buyer.idToken)).contactAgent;
  const offer = okData(await app.graphql(operations.MakeOffer, { input: { propertyId: property.id, offerAmount: '470000', buyingDate: `${new Date().getUTCFullYear() + 1}-06-01` } }, buyer.idToken)).makeOffer;

  await page.goto('/dash-board/property-bought');
  const card = page.getByTestId('offer-card').filter({ hasText: title });
  await card.getByTestId('offer-status').getByText('pending').waitFor();
  // Newest first, as the server pages them.
  await expect(page.getByTestId('offer-card').first().textContent()).resolves.toContain(title);
  const unread = await app.db.notification.count({ where: { recipientId: buyer.user.id, readAt: null } });
  await bell(page, unread).waitFor();

  // The agent accepts in their own browser; the buyer's page changes by itself.
  await agentPage.goto(`/dash-board/requested-properties`);
  await agentPage.getByRole('button', { name: `Accept offer from Bilal Buyer on ${title}` }).click();
  await agentPage.getByRole('alertdialog').getByRole('button', { name: 'Accept', exact: true }).click();
  await agentPage.getByRole('alertdialog').waitFor({ state: 'detached' });
  await card.getByRole('link', { name: `Pay for ${title}` }).waitFor();
  await card.getByTestId('offer-status').getByText('accepted').waitFor();
  await page.getByText(`Your offer of $470,000.00 on ${title} was accepted. You can pay for it now.`).first().waitFor();
  await bell(page, unread + 1).waitFor();
  await expectAccessible(page, 'property bought: accepted live, with a toast');

  // The card links to the property and to the existing conversation.
  expect(await card.getByRole('link', { name: title, exact: true }).getAttribute('href')).toBe(`/propertyDetails/${property.id}`);
  await card.getByRole('link', { name: `Message agent about ${title}` }).click();
  await page.waitForURL(`**/dash-board/messages/${conversation.id}`);
  await page.getByTestId('message-body').getByText('Is the garden shared?').waitFor();

  // "Open" on the notification goes to the payment of that offer.
  await page.goto('/dash-board/notifications');
  await page.getByRole('link', { name: /^Open: Your offer of \$470,000\.00/ }).click();
  await page.waitForURL(`**/dash-board/payment/${offer.id}`);
  await payWithCard(page);
  await page.getByRole('alertdialog').getByText('Payment Successful').waitFor();
  // Property Bought opens at the offer just paid, marked.
  await page.waitForURL(`**/dash-board/property-bought?item=${offer.id}`);
  await page.locator(`[data-item-id="${offer.id}"][data-highlighted]`).getByTestId('offer-status').getByText('bought').waitFor();
  await expectAccessible(page, 'property bought: opened at the paid offer');

  const paid = await app.db.offer.findUniqueOrThrow({ where: { id: offer.id } });
  const [receipt] = await waitForEmails(buyer.email, { subject: /Your receipt for/ });
  expect(receipt.text).toContain('Amount paid: $470,000.00 USD');
  expect(receipt.text).toContain(`Property: ${title}, Gulshan 2, Dhaka`);
  expect(receipt.text).toContain(`Transaction ID: ${paid.transactionId}`);
  expect(receipt.text).toMatch(/Date: \w+ \d{1,2}, \d{4} at \d{2}:\d{2} UTC/);
});

it('keeps Make an Offer short, with the range in sight while an amount is out of it', async () => {
  const { app } = session();
  const agent = await app.createUser('agent', { name: 'Omar Agent' });
  const { account: buyer, page } = await signedIn('user', 'Odessa Buyer', PHONE);
  const property = await createListing(app, agent.user.id, { title: unique('Range Row'), priceMin: '100000.00', priceMax: '120000.00' });
  const item = await createWishlistItem(app, property.id, buyer.user.id);
  await page.goto(`/dash-board/make-offer/${item.id}`);
  // Property, agent and buyer once, in the summary card; no read-only copies of them as inputs.
  await page.getByTestId('offer-parties').getByText(`${agent.user.name} · ${agent.email}`).waitFor();
  await page.getByTestId('offer-parties').getByText(`Odessa Buyer · ${buyer.email}`).waitFor();
  expect(await page.getByRole('textbox', { name: 'Property title' }).count()).toBe(0);
  // On a phone the amount is within the first screen.
  const amount = page.getByLabel('Offer amount ($)');
  const box = await amount.boundingBox();
  expect(box && box.y + box.height).toBeLessThan(PHONE.height);
  await amount.fill('99999');
  await page.getByLabel('Buying date').fill(new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Make an Offer' }).click();
  await page.getByText('Offer must be within the price range.').waitFor();
  await page.getByText('Between $100,000.00 and $120,000.00.').waitFor();
  await expectAccessible(page, 'make offer (390 px): out of range, range still shown');
});

it('tells admins of a new listing live; the photo field clears its error after uploads; the admin decides on the listing’s own page', async () => {
  const { app } = session();
  const title = unique('Photo Villa');
  const { page: adminPage, account: admin } = await signedIn('admin', 'Adnan Admin');
  const unread = await app.db.notification.count({ where: { recipientId: admin.user.id, readAt: null } });
  await adminPage.goto('/dash-board/admin-profile');
  await bell(adminPage, unread).waitFor();

  const { page: agentPage } = await signedIn('agent', 'Priya Agent');
  await agentPage.goto('/dash-board/add-property');
  await agentPage.getByTestId('photo-count').getByText('No photos yet').waitFor();
  // One area unit everywhere: the form starts in m², as the filter does.
  expect(await agentPage.getByTestId('fact-areaUnit').inputValue()).toBe('sq_m');
  await agentPage.getByRole('button', { name: 'Add Property' }).click();
  await agentPage.getByText('Property image is required').waitFor();
  await agentPage.getByLabel('Property image').setInputFiles(photoPaths);
  await agentPage.getByTestId('photo-count').getByText('3 photos', { exact: true }).waitFor();
  await agentPage.getByText('Property image is required').waitFor({ state: 'detached' });
  await expectAccessible(agentPage, 'add property: three photos uploaded');
  await agentPage.getByLabel('Property title').fill(title);
  await fillAddress(agentPage, 'Banani, Dhaka');
  await agentPage.getByLabel('Minimum price ($)').fill('200000');
  await agentPage.getByLabel('Maximum price ($)').fill('250000');
  await agentPage.getByRole('button', { name: 'Add Property' }).click();
  await agentPage.waitForURL('**/dash-board/my-added-properties');
  const listing = await app.db.property.findFirstOrThrow({ where: { title } });

  // The admin's bell rises on the page left open; Manage Properties shows the photo.
  await bell(adminPage, unread + 1).waitFor();
  await adminPage.goto('/dash-board/manage-properties');
  const row = adminPage.getByTestId('property-row').filter({ hasText: title });
  await row.getByRole('img', { name: title }).waitFor();
  await expectAccessible(adminPage, 'manage properties with thumbnails');

  // Open on the notification: the listing's page, with Verify and Reject for the admin.
  await adminPage.goto('/dash-board/notifications');
  await adminPage.getByRole('link', { name: new RegExp(`^Open: Priya Agent listed ${title}`) }).click();
  await adminPage.waitForURL(`**/propertyDetails/${listing.id}`);
  const decision = adminPage.getByTestId('listing-decision');
  await decision.getByRole('button', { name: `Verify ${title}` }).waitFor();
  await expectAccessible(adminPage, 'details: pending listing, admin decision');
  await decision.getByRole('button', { name: `Verify ${title}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Verify', exact: true }).click();
  await adminPage.getByText(`"${title}" verified`).waitFor();
  await adminPage.getByTestId('property-status').getByText('verified').waitFor();
  expect(await adminPage.getByTestId('listing-decision').count()).toBe(0);
  // Deciding was acting on it: the admin's notification is read, and the bell says so.
  await bell(adminPage, unread).waitFor();
});

it('asks before a moderation action that cannot be undone, and shows who reported what and when', async () => {
  const { app } = session();
  const agent = await app.createUser('agent', { name: 'Mahin Agent' });
  const reporter = await app.createUser('user', { name: 'Rupa Reporter' });
  const property = await createListing(app, agent.user.id, { title: unique('Dubious Duplex') });
  okData(await app.graphql(operations.ReportListing, { input: { propertyId: property.id, reason: 'wrong_price' } }, reporter.idToken));
  const { page } = await signedIn('admin', 'Moni Moderator');
  await page.goto(`/dash-board/moderation?item=${property.id}`);
  const item = page.locator(`[data-item-id="${property.id}"][data-highlighted]`);
  await item.getByTestId('moderation-report').getByText(/^Reported by Rupa Reporter on /).waitFor();
  expect(await item.getByRole('link', { name: property.title }).getAttribute('href')).toBe(`/propertyDetails/${property.id}`);
  await item.getByRole('button', { name: `Reject listing: ${property.title}` }).click();
  await item.getByText('A note is required').waitFor();
  await item.getByLabel('Note for the reporters').fill('The price is far off.');
  await item.getByRole('button', { name: `Reject listing: ${property.title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(`Reject "${property.title}"?`).waitFor();
  await expectAccessible(page, 'moderation: reject confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect((await app.db.property.findUniqueOrThrow({ where: { id: property.id } })).status).toBe('verified');
  await item.getByRole('button', { name: `Mark agent as fraud: ${property.title}` }).click();
  await dialog.getByText('Mark Mahin Agent as fraud?').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await item.getByRole('button', { name: `Reject listing: ${property.title}` }).click();
  await dialog.getByRole('button', { name: 'Reject listing' }).click();
  await page.getByText('Listing rejected', { exact: true }).waitFor();
  expect((await app.db.property.findUniqueOrThrow({ where: { id: property.id } })).status).toBe('rejected');
  expect((await app.db.user.findUniqueOrThrow({ where: { id: agent.user.id } })).role).toBe('agent');
});

it('opens a listing’s chart under its own row on a phone, with its series told apart', async () => {
  const { app } = session();
  const { account: agent, page } = await signedIn('agent', 'Chandra Charts', PHONE);
  const buyer = await app.createUser('user');
  const titles = [unique('Chart One'), unique('Chart Two'), unique('Chart Three')];
  for (const title of titles) {
    const listing = await createListing(app, agent.user.id, { title });
    await createWishlistItem(app, listing.id, buyer.user.id);
  }
  await page.goto('/dash-board/agent-profile');
  const first = page.getByTestId('listing-numbers-row').first();
  await first.waitFor();
  const firstTitle = (await first.getByRole('link').textContent())!;
  // Every listing's Chart opens its chart right under its card, on screen.
  for (const title of [titles[0], titles[2], firstTitle]) {
    await page.getByRole('button', { name: `Chart of ${title}` }).click();
    const chart = page.getByTestId('listing-chart-row');
    await chart.getByRole('heading', { name: `Last 30 days: ${title}` }).waitFor();
    await chart.getByTestId('listing-chart-drawing').locator('svg').first().waitFor();
    const [rowBox, chartBox] = await Promise.all([page.getByTestId('listing-numbers-row').filter({ hasText: title }).boundingBox(), chart.boundingBox()]);
    expect(chartBox!.y).toBeGreaterThanOrEqual(rowBox!.y + rowBox!.height - 1);
    expect(chartBox!.y).toBeLessThan(rowBox!.y + rowBox!.height + 40);
  }
  await expect(page.getByTestId('listing-chart-legend').textContent()).resolves.toBe('ViewsWishlist addsOffers');
  await expectAccessible(page, 'agent profile (390 px): chart under its row');
});

it('counts a sold home’s days on OpenNest up to its sale', async () => {
  const { app } = session();
  const agent = await app.createUser('agent');
  const day = 86_400_000;
  const property = await createListing(app, agent.user.id, { title: unique('Sold Cottage'), saleState: 'sold', createdAt: new Date(Date.now() - 40 * day) });
  await app.db.listingEvent.createMany({
    data: [
      { propertyId: property.id, kind: 'listed', createdAt: new Date(Date.now() - 40 * day) },
      { propertyId: property.id, kind: 'sold', createdAt: new Date(Date.now() - 28 * day) },
    ],
  });
  const { page } = await signedIn('user', 'Sadia Seer');
  await page.goto(`/propertyDetails/${property.id}`);
  await page.getByTestId('days-on-opennest').getByText('Sold after 12 days on OpenNest').waitFor();
});

/** The login page in a short window (so even it scrolls, rendering its full height at once), scrolled to its end. */
async function scrolledLoginPage() {
  const page = await session().newPage({ width: 1366, height: 400 });
  const scrollY = () => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
  // The footer comes when the page is idle; scrolling after it keeps the page's height fixed from here on.
  await page.getByRole('contentinfo').waitFor();
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 10_000));
  await page.waitForFunction(() => (globalThis as unknown as { scrollY: number }).scrollY > 100);
  return { page, scrollY };
}

it('opens a page reached by a link at its top, and goes back to where the previous one was left', async () => {
  const { page, scrollY } = await scrolledLoginPage();
  // At the page's end the link sits under the sticky bar, and clicking would first scroll it out from under it:
  // it is brought to the middle of the window first, as a person would, so the position left is the one measured.
  const register = page.getByRole('link', { name: 'Register', exact: true }).last();
  await register.evaluate((link) => link.scrollIntoView({ block: 'center' }));
  const left = await scrollY();
  expect(left).toBeGreaterThan(0);
  await register.click();
  await page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
  await expect(scrollY()).resolves.toBe(0);
  await page.goBack();
  await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
  await page.waitForFunction((y) => (globalThis as unknown as { scrollY: number }).scrollY === y, left);
});

it('keeps a page’s position over a reload, and when the browser comes back to it from another site', async () => {
  const { page, scrollY } = await scrolledLoginPage();
  const left = await scrollY();
  await page.reload();
  await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
  await page.waitForFunction((y) => (globalThis as unknown as { scrollY: number }).scrollY === y, left);
  await page.goto('about:blank');
  await page.goBack();
  await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
  await page.waitForFunction((y) => (globalThis as unknown as { scrollY: number }).scrollY === y, left);
});

it('opens a page loaded in full at the top, whatever the previous page’s position', async () => {
  const { page, scrollY } = await scrolledLoginPage();
  // Leaving saves the position under this entry's key; a new load has a key of its own.
  await page.goto('/register');
  await page.getByRole('heading', { name: 'Register', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Register', exact: true }).waitFor();
  await expect(scrollY()).resolves.toBe(0);
});
