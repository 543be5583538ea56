// The browser's session and the first screen's data in the first response
// (docs/session-and-speed.md), in Chromium against the built app: after signing
// in, a reload of each budgeted signed-in page shows its data with no /graphql
// request of its own and without Firebase Auth; signing out in one tab signs
// out the others; a listing title that tries to end the inlined state's script
// element is shown as text and runs nothing.
import type { Page, Request } from 'playwright-core';
import { createListing } from '../server/test/fixtures';
import { browserSessionForFile, expectAccessible, PHONE, signedInAs, signInThroughForm } from './browser';

const session = browserSessionForFile();

/** The requests a page load makes to /graphql (HTTP; the live-updates socket is not a request here) and to the Auth emulator. */
function watchRequests(page: Page) {
  const graphql: string[] = [];
  const identity: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/graphql' && request.resourceType() !== 'websocket') graphql.push(request.postDataJSON()?.operationName ?? request.url());
    if (url.pathname.includes('identitytoolkit') || url.pathname.includes('securetoken')) identity.push(url.pathname);
  };
  page.on('request', listener);
  return { graphql, identity, stop: () => page.off('request', listener) };
}

/** Reloads `path` and waits for `ready`; what the load asked /graphql and the Auth emulator meanwhile. */
async function reloadAndCount(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  // Off the app first, so nothing the previous page still asks for is counted.
  await page.goto('about:blank');
  const requests = watchRequests(page);
  await page.goto(path);
  await ready(page);
  // Anything the first screen would still ask for leaves right after its first render.
  await page.waitForTimeout(500);
  requests.stop();
  return { graphql: requests.graphql, identity: requests.identity };
}

/** Marks the page's heading and a details page's cover photo as the HTML is parsed, before any script of the app has run (call before navigating). */
async function markHeadingAsParsed(page: Page) {
  await page.addInitScript(() => {
    const doc = (globalThis as unknown as { document: { addEventListener(type: string, run: () => void): void; querySelector(selector: string): object | null } }).document;
    doc.addEventListener('DOMContentLoaded', () => {
      for (const selector of ['main h1', '[data-testid="gallery-image"]']) Object.assign(doc.querySelector(selector) ?? {}, { parsedFromHtml: true });
    });
  });
}

/** Whether the heading on screen is the element the HTML made: the client hydrated the server's markup rather than drawing it again. */
const headingIsTheParsedOne = (page: Page) => page.locator('main h1').evaluate((heading) => (heading as unknown as { parsedFromHtml?: boolean }).parsedFromHtml === true);

/**
 * Whether a details page's cover photo is the element the HTML made: the one that painted first
 * is the one a phone's largest contentful paint is counted for (client/src/properties/PropertyGallery.tsx).
 */
const coverIsTheParsedOne = (page: Page) => page.getByTestId('gallery').getByTestId('gallery-image').evaluate((cover) => (cover as unknown as { parsedFromHtml?: boolean }).parsedFromHtml === true);

describe('signed in, a reload shows the first screen from the first response', () => {
  it('on All Properties, a property’s details and Manage Properties: no /graphql request for the first screen, no Firebase Auth', async () => {
    const { app } = session();
    const { page } = await signedInAs(session(), 'admin', 'Speedy Admin', PHONE);
    const agent = await app.createUser('agent', { name: 'Listing Agent' });
    const listing = await createListing(app, agent.user.id, { title: 'Sunny Flat By The Lake', location: 'Gulshan, Dhaka' });

    await markHeadingAsParsed(page);
    const allProperties = await reloadAndCount(page, '/allProperties?search=gulshan', (loaded) => loaded.getByRole('heading', { name: 'Sunny Flat By The Lake' }).waitFor());
    expect(allProperties).toEqual({ graphql: [], identity: [] });
    // The client took that markup over (hydrated it) rather than drawing the page again: the same element is on screen,
    // and it answers (the search field takes input).
    expect(await headingIsTheParsedOne(page)).toBe(true);
    await page.getByLabel('Search by location').fill('gulshan, dhaka');
    await page.waitForURL(/search=gulshan%2C\+dhaka|search=gulshan%2C%20dhaka/);
    await expectAccessible(page, 'all properties, first screen from the server');

    const details = await reloadAndCount(page, `/propertyDetails/${listing.id}`, (loaded) => loaded.getByRole('heading', { level: 1, name: 'Sunny Flat By The Lake' }).waitFor());
    expect(details).toEqual({ graphql: [], identity: [] });
    await page.getByTestId('property-reviews').getByText('No reviews yet.').waitFor();
    expect(await headingIsTheParsedOne(page)).toBe(true);
    expect(await coverIsTheParsedOne(page)).toBe(true);

    const manage = await reloadAndCount(page, '/dash-board/manage-properties', (loaded) => loaded.getByRole('cell', { name: 'Sunny Flat By The Lake' }).first().waitFor());
    expect(manage).toEqual({ graphql: [], identity: [] });

    // The count sees requests: a page that declares no first screen asks for its data itself.
    const users = await reloadAndCount(page, '/dash-board/manage-users', (loaded) => loaded.getByRole('cell', { name: 'Speedy Admin' }).first().waitFor());
    expect(users).toEqual({ graphql: ['Users'], identity: [] });
  });

  it('signed out, the home page asks nothing for its first screen either: its cards and reviews come in its HTML', async () => {
    const { app } = session();
    const agent = await app.createUser('agent', { name: 'Public Agent' });
    const buyer = await app.createUser('user', { name: 'Public Reviewer' });
    const listing = await createListing(app, agent.user.id, { title: 'Advertised Without Signing In', isAdvertised: true });
    await app.db.review.create({ data: { propertyId: listing.id, userId: buyer.user.id, text: 'Seen on the home page before any query.' } });
    // A HEAD request (a monitor, a link checker) gets the page's headers, and its first screen's queries are not run:
    // the GET after it reads the listing from the database, so nothing had been read (or kept) for it.
    const { result: head, statements: readForHead } = await app.sqlStatementsDuring(() => fetch(`${app.url}/`, { method: 'HEAD', headers: { accept: 'text/html' } }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/html/);
    expect(readForHead).toEqual([]);
    const { result: html, statements: readForGet } = await app.sqlStatementsDuring(async () => (await fetch(`${app.url}/`, { headers: { accept: 'text/html' } })).text());
    expect(html).toContain('Advertised Without Signing In');
    expect(readForGet.some((sql) => /\bproperties\b/.test(sql))).toBe(true);
    const page = await session().newPage(PHONE);

    const home = await reloadAndCount(page, '/', (loaded) => loaded.getByTestId('advertised-grid').getByRole('heading', { name: 'Advertised Without Signing In' }).waitFor());
    expect(home).toEqual({ graphql: [], identity: [] });
    await page.getByText('Seen on the home page before any query.').waitFor();
    // Still signed out: the navigation bar offers the login.
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
  });

  it('draws the first screen on the server: with no script run, the page already shows its data', async () => {
    const { app } = session();
    const { page: signedIn } = await signedInAs(session(), 'user', 'Scriptless Buyer', PHONE);
    const agent = await app.createUser('agent', { name: 'Drawn Agent' });
    const listing = await createListing(app, agent.user.id, { title: 'Drawn On The Server', location: 'Banani, Dhaka' });
    const page = await session().newPage({ ...PHONE, scripts: false });
    await page.context().addCookies(await signedIn.context().cookies());
    const blocked: string[] = [];
    page.on('console', (message) => {
      // (The fixture's photo lives on another host, which img-src refuses with or without scripts.)
      if (message.text().includes('Content Security Policy') && !message.text().includes('img-src')) blocked.push(message.text());
    });

    await page.goto('/allProperties?search=banani');
    await page.getByRole('heading', { name: 'Drawn On The Server' }).waitFor();
    expect(await page.getByTestId('navbar-user-name').textContent()).toBe('Scriptless Buyer');
    expect(await page.title()).toBe('All Properties · OpenNest');

    await page.goto(`/propertyDetails/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: 'Drawn On The Server' }).waitFor();
    await page.getByText('Drawn Agent').first().waitFor();
    // Its styles came with it, under the response's nonce: nothing was refused.
    expect(blocked).toEqual([]);

    // Signed out, the same address gets the loading shell: nothing is drawn for a session the request lacks.
    await page.context().clearCookies();
    await page.goto(`/propertyDetails/${listing.id}`);
    await page.getByTestId('loading-screen').waitFor();
    expect(await page.getByText('Drawn On The Server').count()).toBe(0);
  });

  it('in another locale and time zone, redraws only the dates, keeping the page the server drew', async () => {
    const { app, browser } = session();
    const { page: signedIn } = await signedInAs(session(), 'user', 'Dhaka Buyer');
    const agent = await app.createUser('agent', { name: 'Zoned Agent' });
    // Late evening in UTC (the server's zone) is the next morning in Dhaka.
    const listing = await createListing(app, agent.user.id, { title: 'Listed Near Midnight', createdAt: new Date('2026-03-01T23:30:00Z') });
    const context = await browser.newContext({ baseURL: app.url, locale: 'en-GB', timezoneId: 'Asia/Dhaka', viewport: PHONE });
    await context.addCookies(await signedIn.context().cookies());
    const page = await context.newPage();
    await markHeadingAsParsed(page);
    await page.goto(`/propertyDetails/${listing.id}`);
    // The browser's own date, not the server's ("1 Mar 2026" in UTC).
    await page.getByText('Listed on 2 Mar 2026').waitFor();
    expect(await headingIsTheParsedOne(page)).toBe(true);
    await context.close();
  });

  it('keeps the session across a reload and a new tab, without any token in the page’s storage', async () => {
    const { page } = await signedInAs(session(), 'user', 'Remembered Buyer');
    await page.reload();
    expect(await page.getByTestId('navbar-user-name').textContent()).toBe('Remembered Buyer');
    const other = await page.context().newPage();
    await other.goto('/dash-board/wishlist');
    await other.getByRole('heading', { name: 'Wishlist', level: 1 }).waitFor();
    // The cookie is HttpOnly: no script of the page can read it, and Firebase keeps nothing of its own.
    expect(await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).toBe('');
    const cookies = await page.context().cookies();
    expect(cookies.map(({ name, httpOnly, sameSite }) => ({ name, httpOnly, sameSite }))).toEqual([{ name: 'opennest_session', httpOnly: true, sameSite: 'Lax' }]);
  });
});

describe('signing out in one tab', () => {
  it('signs out the browser’s other tabs', async () => {
    const { page: first } = await signedInAs(session(), 'agent', 'Two Tabs Agent');
    const second = await first.context().newPage();
    await second.goto('/dash-board/my-added-properties');
    await second.getByRole('heading', { name: 'My Added Properties', level: 1 }).waitFor();

    await first.getByRole('button', { name: 'Logout' }).click();
    await first.getByRole('link', { name: 'Login' }).waitFor();
    // The other tab follows at once: off the agent's page, to the login page.
    await second.waitForURL(/\/login$/);
    await second.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await first.context().cookies()).toEqual([]);
  });
});

describe('the inlined state is data, never markup', () => {
  it('shows a listing title that tries to close the script element as text, and runs nothing', async () => {
    const { app } = session();
    const agent = await app.createUser('agent', { name: 'Tricky Agent' });
    const title = '</script><script>alert(1)</script>';
    const listing = await createListing(app, agent.user.id, { title });
    const page = await session().newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/login');
    await signInThroughForm(page, agent.email, agent.password);
    const response = await page.goto(`/propertyDetails/${listing.id}`);
    const html = (await response?.text()) ?? '';
    // The answer is in the page, and nothing in it closes the state's element early.
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(html).not.toContain(title);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(dialogs).toEqual([]);
  });
});
