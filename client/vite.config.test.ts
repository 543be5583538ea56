// The client build: made with real Stripe keys it carries none of the local
// payment server's card form (vite.config.ts defines __LOCAL_CARD_FORM__ false
// and the bundler drops the form's import), while the default build still has
// it; either way each budgeted route's initial JavaScript stays within budget, React Router is its production build,
// and every compressible asset has its .br and .gz twin.
// Each case is a real `vite build` (no source maps), made once per change of the client's sources (sharedClientBuild).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@opennest/common/csp-nonce';
import { sharedClientBuild } from './build-client';
import { INITIAL_JS_BUDGETS, INITIAL_JS_TARGET, INTERIM_GZIP_BUDGET, ROUTE_PAGES, initialJs, largestParts, readManifest } from './build/initial-js';

/** Text only the local card form carries: its form's test id (LocalCardForm.tsx) and its confirm request's card field (local-card.ts). */
const LOCAL_FORM_MARKERS = ['local-card-form', 'payment_method_data[card][number]'];

interface Build {
  outDir: string;
  /** Emitted JavaScript file name → its text. */
  scripts: Map<string, string>;
}

async function build(stripeKeys: boolean): Promise<Build> {
  const outDir = await sharedClientBuild({ stripeKeys });
  const assets = path.join(outDir, 'assets');
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  const scripts = new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(assets, name), 'utf8')] as const)));
  return { outDir, scripts };
}

const filesWith = (scripts: Map<string, string>, marker: string) => [...scripts].filter(([, text]) => text.includes(marker)).map(([name]) => name);

let stripe: Build;
let local: Build;
// Both builds at once: each is mostly single-threaded. They are shared (payments-build.e2e.test.ts serves the Stripe one).
beforeAll(async () => {
  [stripe, local] = await Promise.all([build(true), build(false)]);
});

describe('client build and the local card form', () => {
  it('a build with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY set emits no local card form code', () => {
    expect([...stripe.scripts.keys()]).toContainEqual(expect.stringMatching(/^PaymentPage-.*\.js$/));
    expect([...stripe.scripts.keys()]).toContainEqual(expect.stringMatching(/^StripeCardForm-.*\.js$/));
    expect([...stripe.scripts.keys()].filter((name) => name.startsWith('LocalCardForm'))).toEqual([]);
    for (const marker of LOCAL_FORM_MARKERS) expect(filesWith(stripe.scripts, marker)).toEqual([]);
    // Served by a server in local mode after all, the payment page says so instead of showing nothing.
    expect(filesWith(stripe.scripts, 'Card payments are not available right now.')).toEqual([expect.stringMatching(/^PaymentPage-.*\.js$/)]);
  });

  it('the default build (no Stripe keys) has the local card form in its own lazily loaded chunk', () => {
    for (const marker of LOCAL_FORM_MARKERS) expect(filesWith(local.scripts, marker)).toEqual([expect.stringMatching(/^LocalCardForm-.*\.js$/)]);
  });
});

describe("React Router's build", () => {
  // client/build/router-production.ts: its package exports resolve to the development build.
  it('is the production one: the routes are there, the development warnings are not', () => {
    for (const { scripts } of [stripe, local]) {
      expect(filesWith(scripts, 'useLocation() may be used only in the context of a <Router> component.').length).toBeGreaterThan(0);
      expect(filesWith(scripts, 'You rendered descendant <Routes>')).toEqual([]);
      expect(filesWith(scripts, 'Matched leaf route at location')).toEqual([]);
    }
  });
});

describe('initial JavaScript per route', () => {
  it.each(Object.entries(INITIAL_JS_BUDGETS))('the first load of %s stays within its budget of gzip-compressed JavaScript and files', async (route, budget) => {
    for (const { outDir } of [stripe, local]) {
      const { gzipBytes, files } = await initialJs(outDir, await readManifest(outDir), ROUTE_PAGES[route]);
      // The message names the files, so a failure says what to split off.
      if (gzipBytes > budget.gzipBytes || files.length > budget.files) {
        const parts = (await largestParts(outDir, files)).map(({ part, bytes }) => `${part} ${bytes}`);
        throw new Error(
          `${route}: ${gzipBytes} bytes of initial JavaScript (gzip) in ${files.length} files, over its budget of ${budget.gzipBytes} bytes in ${budget.files} files:\n  ${files.join('\n  ')}\nlargest parts (bytes before minification):\n  ${parts.join('\n  ')}`,
        );
      }
      expect(gzipBytes).toBeLessThanOrEqual(budget.gzipBytes);
      expect(files.length).toBeLessThanOrEqual(budget.files);
    }
  });

  it('budgets every route of the route table but the developer sandbox, each at the target or (not met yet) the interim budget', () => {
    expect(INITIAL_JS_TARGET).toBe(200 * 1024);
    expect(Object.keys(INITIAL_JS_BUDGETS).sort()).toEqual(Object.keys(ROUTE_PAGES).filter((route) => route !== '/sandbox').sort());
    // Never a figure a build reached: the target, or the interim budget while a route misses it.
    for (const [route, budget] of Object.entries(INITIAL_JS_BUDGETS)) expect({ route, bytes: [INITIAL_JS_TARGET, INTERIM_GZIP_BUDGET].includes(budget.gzipBytes) }).toEqual({ route, bytes: true });
  });

  it('leaves a Yup form schema out of the first load of a form page (the login page)', async () => {
    const { files } = await initialJs(local.outDir, await readManifest(local.outDir), ROUTE_PAGES['/login']);
    const first = files.map((file) => local.scripts.get(path.basename(file)) ?? '').join('\n');
    // Yup's own error text, and the login rule's message.
    expect(filesWith(local.scripts, '${path} is a required field').length).toBeGreaterThan(0);
    expect(first.includes('${path} is a required field')).toBe(false);
    expect(first.includes('Email is required')).toBe(false);
  });

  it('names the largest parts of a first load (packages and source folders), from the build', async () => {
    const { files } = await initialJs(local.outDir, await readManifest(local.outDir), ROUTE_PAGES['/']);
    const parts = await largestParts(local.outDir, files, 100);
    const names = parts.map(({ part }) => part);
    for (const part of ['react-dom', '@chakra-ui/react', '@apollo/client', 'client/src/home']) expect(names).toContain(part);
    for (const { bytes } of parts) expect(bytes).toBeGreaterThan(0);
    // Firebase Auth is not in the first load of /, so it is no part of it either.
    expect(names.filter((name) => name.startsWith('@firebase/') || name === 'firebase')).toEqual([]);
  });

  it('keeps what a route does not use out of its first load', async () => {
    const manifest = await readManifest(local.outDir);
    const modulesOf = async (pages: string[]) => {
      const { files } = await initialJs(local.outDir, manifest, pages);
      return files.map((file) => local.scripts.get(path.basename(file)) ?? '').join('\n');
    };
    const home = await modulesOf(ROUTE_PAGES['/']);
    const allProperties = await modulesOf(ROUTE_PAGES['/allProperties']);
    // Firebase Auth's own code (it loads after the first render starts), the Google popup
    // resolver (it loads apis.google.com), the card forms, GraphiQL.
    const markers = ['identitytoolkit.googleapis.com', 'apis.google.com', 'local-card-form', 'graphiql-container'];
    const stripeMarker = 'js.stripe.com';
    for (const marker of markers) expect({ marker, inTheBuild: filesWith(local.scripts, marker).length > 0 }).toEqual({ marker, inTheBuild: true });
    expect(filesWith(stripe.scripts, stripeMarker).length).toBeGreaterThan(0);
    for (const first of [home, allProperties]) {
      for (const marker of [...markers, stripeMarker]) expect({ marker, inFirstLoad: first.includes(marker) }).toEqual({ marker, inFirstLoad: false });
    }
  });

  it('writes a .br and a .gz twin with the same content next to each script', async () => {
    const assets = path.join(local.outDir, 'assets');
    for (const name of [...local.scripts.keys()]) {
      const original = await readFile(path.join(assets, name));
      if (original.length < 1024) continue;
      expect(existsSync(path.join(assets, `${name}.br`))).toBe(true);
      expect(brotliDecompressSync(await readFile(path.join(assets, `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(await readFile(path.join(assets, `${name}.gz`))).equals(original)).toBe(true);
    }
  });
});

describe('the CSS all pages share (client/build/global-css.ts)', () => {
  it('is in the head of the built pages, once, with the style nonce placeholder; the browser and server bundles make the styling system without it', async () => {
    for (const page of ['index.html', 'home.html']) {
      const html = await readFile(path.join(local.outDir, page), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      // Chakra's layer order first, then the reset, the global styles and the tokens (the brand's darker teal).
      expect(head).toContain(`<style nonce="${CSP_NONCE_PLACEHOLDER}">@layer reset,base,tokens,recipes;`);
      expect(head).toContain('--chakra-colors-teal-600:#0f766e;');
      expect(html.split('--chakra-colors-teal-600:').length - 1).toBe(1);
      expect(html).not.toContain('css-global');
    }
    const manifest = await readManifest(local.outDir);
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(local.scripts.get(path.basename(entry.file))).toContain('_global:[]');
    const serverDir = path.join(local.outDir, '.server', 'page-render');
    const serverChunks = await Promise.all((await readdir(serverDir)).map((name) => readFile(path.join(serverDir, name), 'utf8')));
    const system = serverChunks.filter((text) => text.includes('function getPreflightCss()'));
    expect(system).toHaveLength(1);
    expect(system[0]).toContain('const _global = [];');
  });
});
