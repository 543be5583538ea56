// The built web client on the app's origin: its pages (the HTML with the runtime
// config, the response's style nonce and, for a signed-in request, the first
// screen's data (first-screen.ts) written in, never cached), its hashed
// assets (cached for a year, sent as the .br or .gz file the build wrote next to
// them when the browser accepts one), /robots.txt and /sitemap.xml.
import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { CSP_NONCE_PLACEHOLDER } from '@opennest/common/csp-nonce';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@opennest/common/runtime-config';
import { firstScreenElement, type FirstScreenOf } from './first-screen';
import type { PageRenderer } from './page-render';
import { inlineScriptHashes, styleAttributeHashes, styleNonce, withStyleAttributesOf } from './security-headers';

/** The pages search engines may list: the public ones (spec section 2's route table). */
export const PUBLIC_PAGES = ['/', '/login', '/register'];

/** Where the build writes the HTML of the prerendered home page (client/vite.config.ts). */
const HOME_SHELL = 'home.html';
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
const ONE_YEAR = 'public, max-age=31536000, immutable';

/** The encodings the build writes next to each compressible asset (client/build/precompress.ts). */
const EXTENSION = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof EXTENSION;

/** Brotli when the browser takes it (it is smaller), else gzip, else none; whatever order the header lists them in. */
function preferredEncoding(req: Request): Encoding | null {
  if (req.acceptsEncodings('br')) return 'br';
  if (req.acceptsEncodings('gzip')) return 'gzip';
  return null;
}

/**
 * Each response's page is compressed as it goes out, since it carries that
 * response's nonce: at levels that take about 2 ms for the 80 KB home page
 * (brotli's best takes some 170 ms), a tenth larger than the best would be.
 */
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compress: Record<Encoding, (html: string) => Promise<Buffer>> = {
  br: (html) => brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } }),
  gzip: (html) => gzipAsync(html, { level: 6 }),
};

interface Page {
  /** The HTML, cut where each response's style nonce goes. */
  parts: string[];
}

export interface ClientApp {
  router: Router;
  /** CSP hash sources of the inline scripts its pages carry, for script-src (security-headers.ts). */
  inlineScriptHashes: string[];
  /** CSP hash sources of the style attributes its pages' markup carries, for style-src-attr. */
  styleAttributeHashes: string[];
}

/** The loading shell the build prerendered into #root, between these markers (client/build/prerender.ts). */
const SHELL = /<!--shell-->[\s\S]*<!--\/shell-->/;

/**
 * `firstScreen`: the first screen's data of a page request, written into its HTML (none without it);
 * `renderPage`: draws a signed-in page's first screen from that data, in place of the loading shell.
 */
export function clientApp({ clientDistDir, runtimeConfig, firstScreen, renderPage }: { clientDistDir: string; runtimeConfig: RuntimeConfig; firstScreen?: FirstScreenOf; renderPage?: PageRenderer | null }): ClientApp {
  const router = express.Router();
  const appPage = loadPage(path.join(clientDistDir, 'index.html'), runtimeConfig);
  const homeShell = path.join(clientDistDir, HOME_SHELL);
  const homePage = existsSync(homeShell) ? loadPage(homeShell, runtimeConfig) : appPage;

  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    // The signed-in pages stay crawlable (a crawler only reaches the login page through them);
    // the API and the explorer are not pages.
    res.send(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /graphql', 'Disallow: /sandbox', '', `Sitemap: ${origin(req)}/sitemap.xml`, ''].join('\n'));
  });
  router.get('/sitemap.xml', (req, res) => {
    const urls = PUBLIC_PAGES.map((page) => `  <url><loc>${escapeXml(origin(req) + page)}</loc></url>`);
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n'));
  });

  router.use(precompressedFiles(clientDistDir));
  router.use(
    express.static(clientDistDir, {
      index: false,
      maxAge: '1h',
      setHeaders(res, filePath) {
        if (filePath.includes(HASHED_ASSETS)) res.setHeader('Cache-Control', ONE_YEAR);
      },
    }),
  );
  // Every other GET that wants HTML is a client route (its 404 page included).
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    sendPage(req, res, req.path === '/' ? homePage : appPage, firstScreen, req.path === '/' ? null : renderPage).catch(next);
  });
  const templates = [appPage, homePage].map((page) => page.parts.join(''));
  return {
    router,
    inlineScriptHashes: [...new Set(templates.flatMap(inlineScriptHashes))],
    styleAttributeHashes: [...new Set(templates.flatMap(styleAttributeHashes))],
  };
}

/**
 * The HTML file with the runtime config in it, so the client starts without
 * asking for it, and the element the client reads the style nonce from
 * (common/csp-nonce.ts); the prerendered styles carry the nonce's placeholder already.
 */
function loadPage(file: string, runtimeConfig: RuntimeConfig): Page {
  const template = readFileSync(file, 'utf8');
  // JSON in a non-executed script element; "<" is escaped so no value can close the element.
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  const elements = `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  const html = template.includes('</head>') ? template.replace('</head>', `${elements}</head>`) : `${elements}${template}`;
  return { parts: html.split(CSP_NONCE_PLACEHOLDER) };
}

async function sendPage(req: Request, res: Response, page: Page, firstScreen: FirstScreenOf | undefined, renderPage: PageRenderer | null | undefined) {
  // A HEAD request (a monitor, a link checker) gets the page's headers: its first screen's queries are not run for a body never sent.
  const state = firstScreen && req.method === 'GET' ? await firstScreen(req) : null;
  const nonce = styleNonce(res);
  let html = page.parts.join(nonce);
  if (state) html = html.replace('</head>', `${firstScreenElement(state)}</head>`);
  // A signed-in page whose first screen the server answered: drawn here, so it paints before any script runs.
  // (Not for a path the URL parser would read as another host's.)
  const drawable = state?.signedIn && state.results.length && renderPage && !req.path.startsWith('//');
  const rendered = drawable ? await renderPage(req.originalUrl, state) : null;
  if (rendered && SHELL.test(html)) {
    // Only the nonce attributes React wrote: the placeholder typed into a listing's text stays text.
    const body = rendered.body.split(`nonce="${CSP_NONCE_PLACEHOLDER}"`).join(`nonce="${nonce}"`);
    // Inert until the client has taken the markup over (main.tsx): a tap or a key before then would reach
    // elements with no handlers yet (a form would submit itself to the address bar), so nothing takes input.
    html = html.replace(SHELL, () => body).replace('<div id="root">', '<div id="root" inert>');
    if (rendered.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${rendered.title}</title>`);
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string') res.setHeader('Content-Security-Policy', withStyleAttributesOf(policy, body));
  }
  // The HTML names the current hashed assets, carries the runtime config and this response's nonce:
  // always ask the server, and no shared cache may keep it (one nonce would go to everyone).
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.type('html');
  const encoding = preferredEncoding(req);
  if (encoding) {
    res.setHeader('Content-Encoding', encoding);
    res.send(await compress[encoding](html));
  } else {
    res.send(html);
  }
}

/**
 * Serves `<file>.br` or `<file>.gz` in place of `<file>` when the build wrote one
 * and the browser accepts it, with the original file's Content-Type.
 */
function precompressedFiles(root: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const encoding = preferredEncoding(req);
    if (!encoding) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    // Only files inside the build, never a dot-folder (.vite holds the build manifest).
    if (!file.startsWith(root + path.sep) || relative.split('/').some((segment) => segment.startsWith('.'))) return next();
    const compressed = `${file}${EXTENSION[encoding]}`;
    const found = await stat(compressed).catch(() => null);
    if (!found?.isFile()) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', file.includes(HASHED_ASSETS) ? ONE_YEAR : 'public, max-age=3600');
    res.type(path.extname(file));
    res.sendFile(compressed);
  };
}

function origin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
