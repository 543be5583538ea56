// What `npm run bench:web` (run.ts) and `npm run bench:web:trace` (trace.ts) share:
// the app as `npm start` runs it on a free port with throw-away data, Debian's
// Chromium with a remote-debugging port, signing that browser in, and stopping
// everything started again (also on failure and on Ctrl-C).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { INITIAL_JS_BUDGETS, INITIAL_JS_TARGET, ROUTE_PAGES, initialJs, readManifest } from '../../client/build/initial-js';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';
import { projectRoot } from '../../server/config';
import { SESSION_COOKIE } from '../../server/session/session-cookie';

/** The demo admin can open every audited page, the dashboard's tables included. */
export const LOGIN = { email: 'admin@opennest.test', password: 'Admin#2026' };
export const DASHBOARD_PAGE = '/dash-board/manage-properties';

export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}".`);
  return value;
}

export const loadAverage = () => os.loadavg().map((load) => load.toFixed(2)).join(' ');

const cleanups: Array<() => Promise<unknown>> = [];
async function cleanup() {
  while (cleanups.length) await cleanups.pop()!().catch((error) => console.error('cleanup failed:', error));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Stops a child we started (SIGTERM, then SIGKILL after 15 s) and waits for it. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The app as `npm start` runs it, with its own data directory; resolves once it prints its banner. */
async function startApp(port: number, dataDir: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => stopChild(child));
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the app did not start within 180 s:\n${output}`)), 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('OpenNest is running on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before it was ready:\n${output}`));
    });
  });
  return url;
}

async function startChromium(debuggingPort: number, profileDir: string): Promise<void> {
  const child = spawn(chromiumPath(), [...CHROMIUM_ARGS, '--headless', `--remote-debugging-port=${debuggingPort}`, `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: 'ignore',
  });
  cleanups.push(() => stopChild(child));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`http://127.0.0.1:${debuggingPort}/json/version`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Chromium did not open its debugging port within 30 s');
}

/**
 * Signs the browser's default profile in through the login form, which trades the
 * ID token for the session cookie (docs/session-and-speed.md); later runs keep it,
 * so the signed-in pages are measured as a returning buyer gets them: data in the
 * first response, Firebase Auth not loaded. Fails when no session cookie came.
 */
export async function signIn(debuggingPort: number, appUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${appUrl}/login`);
    await page.getByLabel('Email').fill(LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill(LOGIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Generous: on a loaded machine the Auth emulator alone has taken over 30 s to answer.
    await page.getByRole('alertdialog').getByText('Login successful').waitFor({ timeout: 120_000 });
    await page.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 30_000 });
    const cookies = await page.context().cookies(appUrl);
    if (!cookies.some((cookie) => cookie.name === SESSION_COOKIE && cookie.httpOnly)) {
      throw new Error(`signing in set no HttpOnly ${SESSION_COOKIE} cookie (cookies: ${cookies.map((cookie) => cookie.name).join(', ') || 'none'})`);
    }
    await page.close();
  } finally {
    // Disconnects playwright only; the browser keeps running for Lighthouse.
    await browser.close();
  }
}

/** Empties the browser's HTTP cache (Lighthouse leaves it alone when told to keep storage). */
export async function clearHttpCache(debuggingPort: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

async function someVerifiedPropertyId(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ advertisedProperties(first: 1) { id } }' }),
  });
  const body = (await response.json()) as { data?: { advertisedProperties: Array<{ id: string }> } };
  const id = body.data?.advertisedProperties[0]?.id;
  if (!id) throw new Error(`no advertised property to audit: ${JSON.stringify(body)}`);
  return id;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** Decimal kilobytes, as the issue's budgets (200 KB = 200,000 bytes). */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;

/** Per route: the entry, the page chunks and their static imports, as the build manifest lists them. */
async function printInitialJs(distDir: string) {
  const manifest = await readManifest(distDir);
  console.log('  initial JavaScript per route (entry + page chunks + their static imports):');
  for (const [route, pages] of Object.entries(ROUTE_PAGES)) {
    const { gzipBytes, rawBytes, files } = await initialJs(distDir, manifest, pages);
    const budget = INITIAL_JS_BUDGETS[route];
    console.log(`    ${route.padEnd(32)} ${kb(gzipBytes).padStart(7)} gzip ${kb(rawBytes).padStart(8)} raw, ${String(files.length).padStart(2)} files${budget ? ` (budget ${kb(budget.gzipBytes)} in ${budget.files} files; target ${kb(INITIAL_JS_TARGET)})` : ''}`);
  }
}

/** A page a benchmark loads, and whether it is loaded signed in (as the demo admin). */
export interface BenchPage {
  page: string;
  signedIn: boolean;
}

/** The pages' names for BENCH_WEB_PAGES, in the order startBench lists them. */
const PAGE_NAMES = ['home', 'allProperties', 'details', 'dashboard'] as const;

/** BENCH_WEB_PAGES=allProperties,details measures some of the pages; unset: all. */
function selectedPages(pages: BenchPage[]): BenchPage[] {
  const wanted = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
  if (!wanted) return pages;
  const unknown = wanted.filter((name) => !PAGE_NAMES.includes(name as (typeof PAGE_NAMES)[number]));
  if (unknown.length) throw new Error(`BENCH_WEB_PAGES lists ${PAGE_NAMES.join(', ')}; got ${unknown.join(', ')}`);
  return pages.filter((_page, index) => wanted.includes(PAGE_NAMES[index]));
}

/**
 * Builds the client, starts the app on a throw-away data directory and Chromium with a
 * debugging port, and names the pages measured: `/` signed out, then All Properties, a
 * property's details and a dashboard page signed in (BENCH_WEB_PAGES picks some). The app's data and the browser
 * profile are removed at the end (BENCH_WEB_KEEP=1 keeps them); whatever else the caller
 * writes into `workDir` (reports) stays.
 */
export async function startBench(what: string) {
  const started = Date.now();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-bench-web-'));
  // The embedded PostgreSQL runs as its own OS user when we are root: it must be able to write here.
  await fs.chmod(workDir, 0o777);
  // Last of all (cleanups run in reverse).
  if (!process.env.BENCH_WEB_KEEP) {
    cleanups.unshift(async () => {
      await Promise.all(['data', 'chromium-profile'].map((dir) => fs.rm(path.join(workDir, dir), { recursive: true, force: true })));
      if ((await fs.readdir(workDir)).length === 0) await fs.rmdir(workDir);
    });
  }

  console.log(`machine: ${os.cpus().length} CPUs, load ${loadAverage()}; Node ${process.version}; ${what}`);
  console.log('building the client (npm run build)...');
  const buildStart = Date.now();
  await run('npm', ['run', 'build', '--silent']);
  console.log(`  built in ${seconds(Date.now() - buildStart)}`);
  await printInitialJs(path.join(projectRoot, 'client', 'dist'));

  console.log('starting the app...');
  const appStart = Date.now();
  const appUrl = await startApp(await freePort(), path.join(workDir, 'data'));
  console.log(`  ${appUrl} ready in ${seconds(Date.now() - appStart)}`);

  const debuggingPort = await freePort();
  await startChromium(debuggingPort, path.join(workDir, 'chromium-profile'));
  const propertyId = await someVerifiedPropertyId(appUrl);
  const pages = selectedPages([
    { page: '/', signedIn: false },
    { page: '/allProperties', signedIn: true },
    { page: `/propertyDetails/${propertyId}`, signedIn: true },
    { page: DASHBOARD_PAGE, signedIn: true },
  ]);
  return { appUrl, debuggingPort, pages, workDir, started };
}

/** Runs a benchmark's `main`, stops everything it started (also on failure and on Ctrl-C) and exits. */
export function finish(main: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
  main()
    .then(async () => {
      await cleanup();
      process.exit(0);
    })
    .catch(async (error) => {
      console.error(error);
      await cleanup();
      process.exit(1);
    });
}
