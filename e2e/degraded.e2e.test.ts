// Pages when the server cannot give them what they need: /sandbox with schema
// introspection turned off (as in production by default), and a list page while
// the API answers SERVICE_UNAVAILABLE (its database unreachable), until it recovers.
import type { Route } from 'playwright-core';
import { expectAccessible, startBrowserSession, type BrowserSession } from './browser';

let session: BrowserSession;
beforeAll(async () => {
  session = await startBrowserSession({ config: { introspection: false } });
});
afterAll(async () => {
  await session?.close();
});

describe('/sandbox with GRAPHQL_INTROSPECTION off', () => {
  it('says how to turn introspection on instead of showing an explorer without a schema', async () => {
    const page = await session.newPage();
    await page.goto('/sandbox');
    await page.getByTestId('sandbox-introspection-off').getByText('GRAPHQL_INTROSPECTION=true').waitFor();
    await page.getByRole('heading', { name: 'GraphQL Sandbox', level: 1 }).waitFor();
    await expect(page.getByText('restart the server').count()).resolves.toBe(1);
    await expect(page.locator('.graphiql-container').count()).resolves.toBe(0);
    await expectAccessible(page, 'sandbox: introspection off');
  });
});

describe('a page during a database outage', () => {
  it('shows "temporarily unavailable, retrying" and loads by itself once the server answers again', async () => {
    const page = await session.newPage();
    // The server's own outage answer (server/db/unavailable.ts), given to the home page's advertised properties
    // while `outage` lasts; every other request, and every one after it, reaches the real server.
    let outage = true;
    let refused = 0;
    await page.route('**/graphql', async (route: Route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (!outage || body?.operationName !== 'AdvertisedProperties') return route.fallback();
      refused += 1;
      await route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/graphql-response+json', 'retry-after': '5' },
        body: JSON.stringify({ data: null, errors: [{ message: 'The service is temporarily unavailable; please retry in a few seconds.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }),
      });
    });
    // Reached from inside the app (the login page's navigation bar), as a link would: loaded as a document, the
    // home page brings its first screen's answers in its HTML and asks for nothing (docs/session-and-speed.md).
    await page.goto('/login');
    // The form is the app's: the navigation bar's links are the router's now, not the shell's plain ones.
    await page.getByLabel('Email').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: 'OpenNest is temporarily unavailable. Retrying…' });
    // After the Apollo link's own retries (1 + 2 + 4 s) the page says so.
    await notice.waitFor({ timeout: 30_000 });
    expect(refused).toBeGreaterThanOrEqual(4);
    await expect(page.getByText('Could not load the advertised properties').count()).resolves.toBe(0);
    await expectAccessible(page, 'home: service unavailable');

    outage = false;
    // The page asks again by itself; the (empty) list replaces the notice.
    await page.getByTestId('advertised-empty').waitFor({ timeout: 30_000 });
    await notice.waitFor({ state: 'detached' });
  }, 60_000);
});
