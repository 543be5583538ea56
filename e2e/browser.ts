// Browser-test harness: the real app (built client included) on a random port,
// driven through Debian's Chromium with playwright-core. Never downloads a browser.
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot, type AppConfig } from '../server/config';
import { releasedAtFileEnd, releasedAtTestEnd } from '../server/test/open-resources';
import * as operations from '../server/test/generated/graphql';
import { signIn } from '../server/test/identity';
import { startTestApp, type TestApp } from '../server/test/test-app';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

export interface BrowserSession {
  app: TestApp;
  browser: Browser;
  /** A fresh browser profile (no session) with one page. */
  /**
   * `scripts: false`: a page that runs none of the app's scripts (what the first response alone shows).
   * `keep: true`: the page outlives the test that opened it (it closes with the browser), as one
   * opened in a beforeAll does.
   */
  newPage(options?: { width?: number; height?: number; scripts?: boolean; keep?: boolean }): Promise<Page>;
  /**
   * A fresh profile's page, signed in as this account (its session cookie, as after the login form), then opened at `at`
   * (by default /, where signInThroughForm ends too). A test that starts elsewhere says where, rather
   * than loading the home page (the heaviest) only to leave it.
   */
  signedInPage(email: string, password: string, options?: { width?: number; height?: number; at?: string }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The app serving `clientDistDir` (by default the build `npm run build` made) and a headless Chromium;
 * `config` overrides the test app's configuration (e.g. introspection off).
 */
export async function startBrowserSession({ clientDistDir = path.join(projectRoot, 'client', 'dist'), config = {}, clock }: { clientDistDir?: string; config?: Partial<AppConfig>; clock?: () => Date } = {}): Promise<BrowserSession> {
  if (!existsSync(path.join(clientDistDir, 'index.html'))) throw new Error('Build the client first: npm run build');
  const app = await startTestApp({ clientDistDir, clock }, config);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    // Nothing of a half-started session stays behind (its database pool and job timers would keep Jest alive).
    await app.close();
    throw error;
  }
  const closeBrowser = releasedAtFileEnd('Chromium', () => browser.close());
  const contexts: BrowserContext[] = [];
  const newPage: BrowserSession['newPage'] = async ({ width = 1280, height = 800, scripts = true, keep = false } = {}) => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width, height }, javaScriptEnabled: scripts });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    // A page opened by a test closes when that test ends; one opened in a beforeAll lives with the session.
    if (!keep) releasedAtTestEnd(() => context.close());
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    return page;
  };
  return {
    app,
    browser,
    newPage,
    async signedInPage(email, password, { at = '/', ...size } = {}) {
      const page = await newPage(size);
      // Signed in as the app signs a browser in after its form (Firebase's ID token traded for the session
      // cookie, the sign-in recorded), without loading /login and Firebase's SDK in every test: the form
      // itself is tested through signInThroughForm.
      const { idToken } = await signIn(email, password);
      const started = await page.context().request.post('/api/session', { headers: { authorization: `Bearer ${idToken}`, origin: app.url } });
      if (!started.ok()) throw new Error(`POST /api/session answered ${started.status()}: ${await started.text()}`);
      const recorded = await app.graphql(operations.RecordSignIn, { input: {} }, idToken);
      if (recorded.errors) throw new Error(`recordSignIn failed: ${JSON.stringify(recorded.errors)}`);
      await page.goto(at);
      // At /: the app (not only the prerendered page, whose buttons do nothing yet) is up, with the session.
      // Elsewhere the test waits for what its page shows (signed-in pages show nothing to a visitor).
      if (at === '/') await page.getByRole('button', { name: 'Logout' }).waitFor();
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await closeBrowser();
      await app.close();
    },
  };
}

/** Signs in through the login form and waits for the success alert to finish. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await submitLoginForm(page, email, password);
  await page.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 5_000 });
}

/** Fills and submits the login form, and waits until it says the sign-in succeeded. */
async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('alertdialog').getByText('Login successful').waitFor();
}

/** Starts a browser session before the file's tests and closes it after them; call the result for the session. */
export function browserSessionForFile(): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await startBrowserSession();
  });
  afterAll(() => session?.close());
  return () => {
    if (!session) throw new Error('The browser session has not started.');
    return session;
  };
}

/** The phone viewport the journeys check at (the guide's 390 px). */
export const PHONE = { width: 390, height: 844 };

/** The bell in the page header (the dashboard menu has its own "Notifications" link): its accessible name carries the unread count. */
export const bell = (page: Page, unread: number) => page.getByRole('banner').getByRole('link', { name: unread ? `Notifications, ${unread} unread` : 'Notifications', exact: true });

/** A new account in `role` named `name`, and a fresh page (of `size`) signed in as it through the login form. */
export async function signedInAs(session: BrowserSession, role: 'agent' | 'admin' | 'user', name: string, size?: { width: number; height: number }) {
  const account = await session.app.createUser(role, { name });
  const page = await session.newPage(size);
  await page.goto('/login');
  await signInThroughForm(page, account.email, account.password);
  return { page, account };
}

/** Waits until every animation that ends (dialogs opening, toasts sliding in) has ended; spinners and pulses run forever. */
async function animationsSettled(page: Page): Promise<void> {
  // A function, not a string: Playwright evaluates a string predicate with eval in the page,
  // which the pages' CSP forbids. It runs in the page (the tests' own TypeScript has no DOM types).
  await page.waitForFunction(() => {
    type Animation = { effect: { getComputedTiming(): { endTime: number | string } } | null; playState: string };
    const { document } = globalThis as unknown as { document: { getAnimations(): Animation[] } };
    return document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .every((animation) => animation.playState !== 'running');
  });
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical
 * violation (WCAG 2.2 A/AA and best practices). `state` names the page state in
 * the failure message. With AXE_REPORT_FILE set, every state's violations of any
 * impact are also appended there (one JSON line each), for counting.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // axe.run in the page itself ("legacy" mode) rather than a partial run per frame finished in
  // a blank page: the same rules on the same DOM, without opening and loading a page (a
  // renderer process) per check. The two differ only for cross-origin frames, which no page
  // shows in tests (local payment mode has no Stripe frames). Only violations are gathered: the
  // same rules judge the same nodes, without collecting every passing node (about 30 % of a check).
  const analyze = async () => {
    await animationsSettled(page);
    return (await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze()).violations;
  };
  const serious = (found: Awaited<ReturnType<typeof analyze>>) => found.some(({ impact }) => impact === 'serious' || impact === 'critical');
  let violations = await analyze();
  // A colour sampled mid-transition (a button's background as it changes, once seen at 4.48:1)
  // is gone a moment later; a real violation is found again. So a failing state is judged twice.
  if (serious(violations)) {
    await page.waitForTimeout(300);
    violations = await analyze();
  }
  if (process.env.AXE_REPORT_FILE) {
    const summary = violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.length, targets: nodes.map((node) => node.target.join(' ')) }));
    appendFileSync(process.env.AXE_REPORT_FILE, `${JSON.stringify({ state, url: page.url(), violations: summary })}\n`);
  }
  const blocking = violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, nodes }) => `${impact} ${id} (${help}): ${nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 100)} ${node.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`);
  expect({ state, blocking }).toEqual({ state, blocking: [] });
}
