// The visual check's parts (docs/visual-checks.md): bringing a page to what a
// person sees, capturing it as a PNG with the moving parts masked, comparing it
// with its committed baseline (pixelmatch), and finding form controls that
// render without a visible box.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { projectRoot } from '../../server/config';

export const BASELINE_DIR = path.join(projectRoot, 'e2e', 'visual', 'baselines');
/** Where a failing comparison writes its actual screenshot and its diff image (git-ignored). */
export const DIFF_DIR = path.join(projectRoot, 'e2e', 'visual', 'diffs');

/** `npm run test:visual:update` sets it: screenshots that differ (or are new) become the baselines. */
export const UPDATING = process.env.VISUAL_UPDATE === '1';

/**
 * How different a screenshot may be and still match. pixelmatch compares each
 * pixel's colour (YIQ distance; 0.1 of the largest is its default threshold) and
 * leaves anti-aliased pixels out; up to MAX_DIFF_PIXELS other pixels may differ,
 * which absorbs the few pixels a later Chromium patch release may draw otherwise
 * at a glyph's edge. A real style break changes far more: the borders of the
 * filter panel's checkboxes alone are several hundred pixels, a heading moved by
 * 8 px thousands (the deliberate-break test in e2e/visual/suite.ts proves both).
 */
export const PIXEL_THRESHOLD = 0.1;
export const MAX_DIFF_PIXELS = 100;

/** Screenshots stop at this height (a long list's first screens show its layout; the baselines stay small). */
export const MAX_HEIGHT: Record<number, number> = { 390: 3000, 1366: 2000 };

/**
 * A tall page's capture on a loaded CI machine once took longer than the 15 s an action may (e2e/browser.ts);
 * three of these fit in a test's 180 s with the page's settling (screenshotAskedAgain).
 */
const SCREENSHOT_TIMEOUT_MS = 40_000;

/** The colour masked areas are painted (in the baseline and in the screenshot alike). */
const MASK_RGB = [255, 0, 255] as const;

/** A part of the page to paint over before comparing, and why it moves. */
export interface Mask {
  selector: string;
  why: string;
}

/** In-page code (a function, not a string: the pages' CSP forbids eval). The tests' TypeScript has no DOM types. */
type Doc = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * What keeps the page from showing its content: neither its main heading nor an
 * error (an alert, or QueryState's failed load) yet, or only the page the server
 * sent (the prerendered home page has its heading before any script ran: an
 * element the app drew carries React's fiber key, the server's markup does not),
 * or skeletons, spinners and busy regions on screen (`loading`, one line each);
 * and the page's height. Read in one round trip.
 */
function pageState(): { height: number; loading: string[] } {
  const { document } = globalThis as unknown as { document: Doc };
  const busy = [...document.querySelectorAll('[aria-busy="true"], .chakra-skeleton, .chakra-spinner')].filter((element: Doc) => element.getClientRects().length > 0);
  const main = document.querySelector('h1, [role="alert"], [data-testid="query-error"]');
  const drawnByApp = main && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  const loading = [...(main ? [] : ['no h1 heading and no error']), ...(main && !drawnByApp ? ['the app has not rendered yet (the server-sent page is up)'] : []), ...busy.map((element: Doc) => `busy: ${element.outerHTML.slice(0, 120)}`)];
  return { height: document.documentElement.scrollHeight, loading };
}

/** The page's HTTP requests: those in flight, and how many have started (WebSockets are not requests: the live socket stays open). */
const network = new WeakMap<Page, { inFlight: Set<unknown>; started: number }>();

/** Starts counting `page`'s requests; call once, before its first navigation. */
export function watchNetwork(page: Page): void {
  const requests = { inFlight: new Set<unknown>(), started: 0 };
  network.set(page, requests);
  page.on('request', (request) => {
    requests.inFlight.add(request);
    requests.started += 1;
  });
  page.on('requestfinished', (request) => requests.inFlight.delete(request));
  page.on('requestfailed', (request) => requests.inFlight.delete(request));
}

/** How long the page must hold still (no request, same height, nothing loading) before it is captured. */
const QUIET_MS = 500;
/** How long a page may take to settle before the check says what still moved. */
const SETTLE_DEADLINE_MS = 20_000;

/**
 * Waits until, for QUIET_MS at a stretch, no request was in flight, the page's
 * height held and nothing showed a skeleton, spinner or busy region, and then
 * until the browser is idle (a render the last response scheduled has run).
 * One window for all three: a part that loaded without a visible placeholder
 * (a lazy footer) renders a moment after its code arrived, and its height
 * change restarts the window. Playwright's 'networkidle' cannot serve: it fires
 * once per navigation, and what a page loads later (deferred parts, lazy
 * images) would not be waited for. Returns the height it settled at.
 */
async function quiet(page: Page): Promise<number> {
  const requests = network.get(page);
  if (!requests) throw new Error('watchNetwork(page) was not called');
  let { height, loading } = (await page.evaluate(pageState)) as ReturnType<typeof pageState>;
  let stillSince = Date.now();
  for (const deadline = Date.now() + SETTLE_DEADLINE_MS; ; ) {
    if (requests.inFlight.size > 0 || loading.length > 0) stillSince = Date.now();
    if (Date.now() - stillSince >= QUIET_MS) break;
    if (Date.now() > deadline) {
      const what = [...(requests.inFlight.size ? [`${requests.inFlight.size} requests in flight`] : []), ...loading];
      throw new Error(`${page.url()} did not settle in ${SETTLE_DEADLINE_MS / 1000} s: ${what.length ? what.join('; ') : 'its height kept changing'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = (await page.evaluate(pageState)) as ReturnType<typeof pageState>;
    if (now.height !== height) stillSince = Date.now();
    ({ height, loading } = now);
  }
  await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as { window: Doc }).window.requestIdleCallback(resolve, { timeout: 2000 })));
  return height;
}

/** Waits (20 s at most) for what a person would wait for: content instead of skeletons and spinners. */
async function contentShown(page: Page): Promise<void> {
  for (let waited = 0; ; waited += 100) {
    const { loading } = (await page.evaluate(pageState)) as ReturnType<typeof pageState>;
    if (loading.length === 0) return;
    if (waited >= SETTLE_DEADLINE_MS) throw new Error(`${page.url()} did not settle in ${SETTLE_DEADLINE_MS / 1000} s: ${loading.join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Brings the page to a state that renders the same on every run: content loaded,
 * the parts deferred until the browser is idle mounted, every image below the fold fetched and decoded (the page is scrolled through,
 * which also starts what waits to be seen, such as the home page's counters),
 * fonts loaded, the pointer parked where it hovers nothing, back at the top.
 */
export async function settle(page: Page): Promise<void> {
  await contentShown(page);
  // What the page mounts once the browser is idle (client/src/ui/deferred.ts: the bell, dialogs) starts loading.
  await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as { window: Doc }).window.requestIdleCallback(resolve, { timeout: 5000 })));
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const { document, window } = globalThis as unknown as { document: Doc; window: Doc };
    const frame = () => new Promise((resolve) => window.requestAnimationFrame(() => window.requestAnimationFrame(resolve)));
    // A screen at a time: every part of the page is on screen in one step, and any part at most a
    // screen tall shows at least half of itself in one of them (more than the 30 % the home page's
    // counters wait for; the paging sentinel needs a pixel). Half-screen steps rendered twice the frames.
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  const requests = network.get(page)!;
  for (const deadline = Date.now() + SETTLE_DEADLINE_MS; ; ) {
    // Whatever the scroll started (deferred parts, lazy images, what it revealed) has loaded, and the page holds still.
    const height = await quiet(page);
    const startedBefore = requests.started;
    // A lazy image the scroll passed before it was rendered (content that arrived
    // under load after the scroll) would never start: load every image now.
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as { document: Doc };
      for (const image of document.images) if (!image.complete && image.loading === 'lazy') image.loading = 'eager';
      return [...document.images].every((image: Doc) => image.complete);
    }, undefined, { timeout: SETTLE_DEADLINE_MS });
    await page.evaluate(async () => {
      const { document } = globalThis as unknown as { document: Doc };
      await document.fonts.ready;
      await Promise.all([...document.images].map((image: Doc) => image.decode().catch(() => undefined)));
    });
    // Usually nothing was left to load: the page is as it held still. Otherwise (an image, a font) it must hold still again.
    const { height: now } = (await page.evaluate(pageState)) as ReturnType<typeof pageState>;
    if (requests.started === startedBefore && requests.inFlight.size === 0 && now === height) return;
    if (Date.now() > deadline) throw new Error(`${page.url()} did not settle in ${SETTLE_DEADLINE_MS / 1000} s: it kept loading after it held still`);
  }
}

/** The page drew no frame for a screenshot, asked twice: only a fresh page gets past it (see `screenshotAskedAgain`). */
export class ScreenshotStalled extends Error {
  override name = 'ScreenshotStalled';
}

/**
 * Playwright's screenshot, asked for once more if it times out.
 * On a loaded 2-core machine Chromium now and then sends no frame at all after
 * the fonts loaded (seen on user-profile, Manage Users, the 404 page, Manage
 * Properties and the details page, where the same capture alone takes 0.3 s).
 * The second request comes after the page is brought to the front and resized
 * there and back, each of which makes Chromium draw a new frame. A page whose
 * renderer is wedged stays so (CI once saw three requests in a row time out on
 * one page), so the second timeout throws `ScreenshotStalled`, and the caller
 * opens the state again in a fresh page. Each retry is logged, so that a page
 * that always needs one shows.
 */
async function screenshotAskedAgain(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot(options);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
      if (attempt === 2) throw new ScreenshotStalled(`${page.url()}: no screenshot in two requests of ${SCREENSHOT_TIMEOUT_MS / 1000} s`, { cause: error });
      console.warn(`${page.url()}: the screenshot timed out after ${SCREENSHOT_TIMEOUT_MS / 1000} s; asking again with the page brought to the front and resized there and back.`);
      await page.bringToFront();
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: size.width, height: size.height + 1 });
      await page.setViewportSize(size);
    }
  }
}

/** The page (from the top, at most MAX_HEIGHT for its width) as a PNG, with `masks` painted over. */
export async function capture(page: Page, masks: Mask[]): Promise<PNG> {
  const width = page.viewportSize()!.width;
  const fullHeight = (await page.evaluate(() => (globalThis as unknown as { document: Doc }).document.documentElement.scrollHeight)) as number;
  const height = Math.min(fullHeight, MAX_HEIGHT[width] ?? 2400);
  const shot = await decodePng(await screenshotAskedAgain(page, { fullPage: true, clip: { x: 0, y: 0, width, height }, animations: 'disabled', caret: 'hide', scale: 'css', timeout: SCREENSHOT_TIMEOUT_MS }));
  const boxes = (await page.evaluate((selectors: string[]) => {
    const { document, window } = globalThis as unknown as { document: Doc; window: Doc };
    return selectors.flatMap((selector) =>
      [...document.querySelectorAll(selector)].flatMap((element: Doc) => [...element.getClientRects()].map((rect: Doc) => ({ x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height }))),
    );
  }, masks.map((mask) => mask.selector))) as Array<{ x: number; y: number; width: number; height: number }>;
  for (const box of boxes) paint(shot, box);
  return shot;
}

function paint(png: PNG, box: { x: number; y: number; width: number; height: number }) {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(png.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(png.height, Math.ceil(box.y + box.height));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const at = (y * png.width + x) * 4;
      png.data[at] = MASK_RGB[0];
      png.data[at + 1] = MASK_RGB[1];
      png.data[at + 2] = MASK_RGB[2];
      png.data[at + 3] = 255;
    }
  }
}

/**
 * A screenshot as it is stored: 256 colours (no dithering, so the same pixels
 * always give the same file), at the strongest compression when it is written
 * (`forFile`). The flat colours of a UI survive; a baseline is several times
 * smaller than the raw capture. The screenshot is compared in this form, like
 * with like. The compression level changes the file's size, never its pixels
 * (zlib is lossless; the colours are chosen before it): a screenshot only
 * compared is encoded at level 1, which costs 15-50 % less CPU per screenshot.
 */
export async function storedForm(png: PNG, { forFile }: { forFile: boolean }): Promise<{ bytes: Buffer; png: PNG }> {
  const bytes = await sharp(png.data, { raw: { width: png.width, height: png.height, channels: 4 } })
    .removeAlpha()
    .png({ palette: true, colours: 256, dither: 0, effort: 7, compressionLevel: forFile ? 9 : 1 })
    .toBuffer();
  return { bytes, png: await decodePng(bytes) };
}

/**
 * The PNG's pixels (RGBA). Decoded by sharp (libvips, off the main thread), not
 * by pngjs: pngjs's JavaScript decoding of each full-page screenshot took about
 * a second of CPU, a quarter of the visual check's time. The pixels are the same
 * (checked on every baseline).
 */
export async function decodePng(bytes: Buffer): Promise<PNG> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // sharp's buffer becomes the image's own: a PNG made with a size would allocate and zero a second
  // one (11 MB for a 1366 × 2000 capture) only for it to be copied over, and each such buffer
  // counts towards the worker's next full garbage collection.
  return Object.assign(new PNG(), { width: info.width, height: info.height, data });
}

const encodeDiff = (png: PNG) => sharp(png.data, { raw: { width: png.width, height: png.height, channels: 4 } }).png().toBuffer();

export type Comparison =
  | { result: 'same'; diffPixels: number }
  | { result: 'written'; baseline: string; why: 'new' | 'changed'; diffPixels?: number }
  | { result: 'different'; baseline: string; diffPixels: number; actual: string; diff: string; sizes?: string };

/** Both images on one canvas of the larger size (the missing part transparent), so they can be compared when the page's height changed. */
function onCanvas(png: PNG, width: number, height: number): PNG {
  if (png.width === width && png.height === height) return png;
  const canvas = new PNG({ width, height });
  PNG.bitblt(png, canvas, 0, 0, png.width, png.height, 0, 0);
  return canvas;
}

/**
 * Compares `actual` with the baseline `name` (a path under BASELINE_DIR, without
 * .png). While updating, a missing or changed baseline is (re)written; otherwise
 * a difference beyond the tolerance writes the actual screenshot and the diff
 * image (differing pixels in red over a faded copy of the baseline) to DIFF_DIR,
 * named after the baseline (or `diffName`).
 */
export async function compareWithBaseline(name: string, screenshot: PNG, { diffName = name }: { diffName?: string } = {}): Promise<Comparison> {
  const baseline = path.join(BASELINE_DIR, `${name}.png`);
  const actual = await storedForm(screenshot, { forFile: false });
  /** The file to write: the same pixels, at the strongest compression. */
  const actualFile = async () => (await storedForm(screenshot, { forFile: true })).bytes;
  const write = async (why: 'new' | 'changed', diffPixels?: number): Promise<Comparison> => {
    mkdirSync(path.dirname(baseline), { recursive: true });
    writeFileSync(baseline, await actualFile());
    return { result: 'written', baseline: path.relative(projectRoot, baseline), why, diffPixels };
  };
  if (!existsSync(baseline)) {
    if (UPDATING) return write('new');
    throw new Error(`No baseline ${path.relative(projectRoot, baseline)}: run npm run test:visual:update and commit the new PNG.`);
  }
  const expected = await decodePng(readFileSync(baseline));
  // Pixel for pixel the baseline (the usual case): nothing for pixelmatch to count.
  if (expected.width === actual.png.width && expected.height === actual.png.height && expected.data.equals(actual.png.data)) return { result: 'same', diffPixels: 0 };
  const width = Math.max(expected.width, actual.png.width);
  const height = Math.max(expected.height, actual.png.height);
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(onCanvas(expected, width, height).data, onCanvas(actual.png, width, height).data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  const sameSize = expected.width === actual.png.width && expected.height === actual.png.height;
  if (sameSize && diffPixels <= MAX_DIFF_PIXELS) return { result: 'same', diffPixels };
  if (UPDATING) return write('changed', diffPixels);
  const actualPath = path.join(DIFF_DIR, `${diffName}.actual.png`);
  const diffPath = path.join(DIFF_DIR, `${diffName}.diff.png`);
  mkdirSync(path.dirname(actualPath), { recursive: true });
  writeFileSync(actualPath, await actualFile());
  writeFileSync(diffPath, await encodeDiff(diff));
  return {
    result: 'different',
    baseline: path.relative(projectRoot, baseline),
    diffPixels,
    actual: path.relative(projectRoot, actualPath),
    diff: path.relative(projectRoot, diffPath),
    ...(sameSize ? {} : { sizes: `${expected.width}×${expected.height} became ${actual.png.width}×${actual.png.height}` }),
  };
}

/** The page as it is (a page that did not settle), written to DIFF_DIR as `<name>.unsettled.png`; returns the file's path. */
export async function screenshotForDiagnosis(page: Page, name: string): Promise<string> {
  const file = path.join(DIFF_DIR, `${name}.unsettled.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  return path.relative(projectRoot, file);
}

/** Removes the diff images of an earlier run (so what DIFF_DIR holds is this run's failures). */
/** Removes the diffs a previous run left at `width` (each width's file clears its own: they run side by side). */
export function clearDiffs(width: number): void {
  if (!existsSync(DIFF_DIR)) return;
  for (const file of readdirSync(DIFF_DIR, { recursive: true, encoding: 'utf8' })) {
    if (new RegExp(`--${width}\\.[a-z.]+$`).test(file)) rmSync(path.join(DIFF_DIR, file), { force: true });
  }
}

/** How many pixels the page is wider than its viewport (content cut off on the right, a sideways scroll on a phone); 0 when it fits. */
export async function overflowWidth(page: Page): Promise<number> {
  return (await page.evaluate(() => {
    const { document, window } = globalThis as unknown as { document: Doc; window: Doc };
    return Math.max(0, document.documentElement.scrollWidth - window.innerWidth);
  })) as number;
}

/**
 * Checkboxes, radios and switches whose visible control box has no size or
 * nothing that draws it (no border, no background): a person sees no box to
 * click. Chakra hides the real input and draws the box in its "control" part;
 * a native control that is not hidden is its own box. Returns one line per
 * such control, with its label.
 */
export async function unstyledControls(page: Page): Promise<string[]> {
  return (await page.evaluate(() => {
    const { document, window } = globalThis as unknown as { document: Doc; window: Doc };
    const visible = (colour: string) => colour !== '' && colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour);
    const drawn = (element: Doc) => {
      const style = window.getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width < 4 || rect.height < 4 || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none' && visible(style[`border${side}Color`]));
      return border || visible(style.backgroundColor) || style.backgroundImage !== 'none' || style.appearance !== 'none';
    };
    const controls = [...document.querySelectorAll('input[type="checkbox"], input[type="radio"], [role="checkbox"], [role="radio"], [role="switch"]')];
    const problems: string[] = [];
    for (const control of controls as Doc[]) {
      const root = control.closest('[data-scope="checkbox"][data-part="root"], [data-scope="radio-group"][data-part="item"], [data-scope="switch"][data-part="root"], label');
      const rect = control.getBoundingClientRect();
      const hidden = rect.width <= 1 || rect.height <= 1 || window.getComputedStyle(control).clip === 'rect(0px, 0px, 0px, 0px)';
      // The part that draws the box: Chakra's control (or indicator), else the control itself when it is not hidden.
      const box = hidden ? root?.querySelector('[data-part="control"], [data-part="item-control"], [data-part="indicator"]') : control;
      if (!root && hidden) continue; // not part of the page people see
      const label = (root?.textContent || control.getAttribute('aria-label') || control.name || '').trim().slice(0, 60);
      if (!box) problems.push(`"${label}": no control box is drawn`);
      else if (!drawn(box)) problems.push(`"${label}": its box has no size, border or background`);
    }
    return problems;
  })) as string[];
}
