// Browser-test harness: the real app (built client included) on a random port,
// driven through Debian's Chromium with playwright-core. Never downloads a browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../server/config';
import { startTestApp, type TestApp } from '../server/test/test-app';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
  return found;
}

export interface BrowserSession {
  app: TestApp;
  browser: Browser;
  /** A fresh browser profile (no session) with one page. */
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  close(): Promise<void>;
}

/** The app serving `clientDistDir` (by default the build `npm run build` made) and a headless Chromium. */
export async function startBrowserSession({ clientDistDir = path.join(projectRoot, 'client', 'dist') } = {}): Promise<BrowserSession> {
  if (!existsSync(path.join(clientDistDir, 'index.html'))) throw new Error('Build the client first: npm run build');
  const app = await startTestApp({ clientDistDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  const contexts: BrowserContext[] = [];
  return {
    app,
    browser,
    async newPage({ width = 1280, height = 800 } = {}) {
      const context = await browser.newContext({ baseURL: app.url, viewport: { width, height } });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await app.close();
    },
  };
}

/** Signs in through the login form and waits for the success alert to finish. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('alertdialog').getByText('Login successful').waitFor();
  await page.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 5_000 });
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

/** A new account in `role` named `name`, and a fresh page signed in as it through the login form. */
export async function signedInAs(session: BrowserSession, role: 'agent' | 'admin' | 'user', name: string) {
  const account = await session.app.createUser(role, { name });
  const page = await session.newPage();
  await page.goto('/login');
  await signInThroughForm(page, account.email, account.password);
  return { page, account };
}
