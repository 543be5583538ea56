// Browser-test harness: the real app (built client included) on a random port,
// driven through Debian's Chromium with playwright-core. Never downloads a browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../server/config';
import { startTestApp, type TestApp } from '../server/test/test-app';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

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
