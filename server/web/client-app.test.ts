// The web client as the app serves it, over HTTP: the HTML with the runtime
// config and each response's style nonce written in (never cached), hashed assets as their prebuilt .br/.gz
// twins (cached for a year), JSON compressed on the fly, uploads as they are,
// robots.txt and the sitemap. The client build here is a small stand-in folder
// with the shape `npm run build` gives (client/build/prerender.ts, precompress.ts).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@opennest/common/csp-nonce';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@opennest/common/runtime-config';
import { startTestApp, type TestApp } from '../test/test-app';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const SCRIPT_PATH = '/assets/index-AbC123.js';

let app: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'opennest-client-app-'));
  await mkdir(path.join(distDir, 'assets'));
  await mkdir(path.join(distDir, '.vite'));
  const page = (body: string) => `<!doctype html><html lang="en"><head><title>OpenNest</title></head><body><div id="root">${body}</div></body></html>`;
  await writeFile(path.join(distDir, 'index.html'), page('app shell'));
  // Prerendered, the home page carries emotion's styles with the nonce's placeholder (client/src/prerender.tsx).
  await writeFile(path.join(distDir, 'home.html'), page(`<style data-emotion="css 1a2b" nonce="${CSP_NONCE_PLACEHOLDER}">.css-1a2b{color:teal}</style>home shell`));
  await writeFile(path.join(distDir, SCRIPT_PATH), SCRIPT);
  await writeFile(path.join(distDir, `${SCRIPT_PATH}.br`), brotliCompressSync(SCRIPT));
  await writeFile(path.join(distDir, `${SCRIPT_PATH}.gz`), gzipSync(SCRIPT));
  await writeFile(path.join(distDir, '.vite', 'manifest.json'), '{}');
  app = await startTestApp({ clientDistDir: distDir });
});
afterAll(async () => {
  await app?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** A GET with exactly these request headers (fetch would add and undo Accept-Encoding itself). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.url}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

/** The style nonce the response's Content-Security-Policy names. */
function policyNonce(response: { headers: http.IncomingHttpHeaders }): string {
  const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  if (!nonce) throw new Error(`No style nonce in ${response.headers['content-security-policy']}`);
  return nonce;
}

/** The page with its response's nonce taken out, to compare pages across responses. */
const withoutNonce = (html: string, response: { headers: http.IncomingHttpHeaders }) => html.split(policyNonce(response)).join('<nonce>');

describe('pages', () => {
  it('serves the prerendered home page at / and the app shell elsewhere, with the runtime config written in and no caching', async () => {
    const home = await get('/', { accept: 'text/html' });
    const other = await get('/allProperties', { accept: 'text/html' });
    for (const [response, shell] of [
      [home, 'home shell'],
      [other, 'app shell'],
    ] as const) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const html = response.body.toString();
      expect(html).toContain(shell);
      const config = new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
      const fromApi = await (await fetch(`${app.url}/api/config`)).json();
      expect(JSON.parse(config!)).toEqual(fromApi);
    }
  });

  it('compresses the HTML with brotli or gzip, whichever the browser accepts', async () => {
    const plain = await get('/login', { accept: 'text/html' });
    const br = await get('/login', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/login', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const response of [br, gzip]) expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    // The same page, each with its own response's nonce.
    expect(withoutNonce(brotliDecompressSync(br.body).toString(), br)).toBe(withoutNonce(plain.body.toString(), plain));
    expect(withoutNonce(gunzipSync(gzip.body).toString(), gzip)).toBe(withoutNonce(plain.body.toString(), plain));
  });

  it('writes a fresh style nonce into every page, the one its policy names, wherever the build left its placeholder', async () => {
    const first = await get('/', { accept: 'text/html', 'accept-encoding': 'br' });
    const second = await get('/', { accept: 'text/html', 'accept-encoding': 'gzip' });
    const pages = [
      { response: first, html: brotliDecompressSync(first.body).toString() },
      { response: second, html: gunzipSync(second.body).toString() },
    ];
    const nonces = pages.map(({ response, html }) => {
      const nonce = policyNonce(response);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(html).toContain(`<style data-emotion="css 1a2b" nonce="${nonce}">`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // The app shell (no prerendered styles) still tells the client its nonce.
    const other = await get('/login', { accept: 'text/html' });
    expect(other.body.toString()).toContain(`<meta property="csp-nonce" nonce="${policyNonce(other)}">`);
  });

  it('never lets a value of the runtime config close its script element', async () => {
    const html = (await get('/', { accept: 'text/html' })).body.toString();
    const element = html.slice(html.indexOf(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`));
    expect(element.indexOf('</script>')).toBe(element.lastIndexOf('</script>'));
  });
});

describe('hashed assets', () => {
  it('sends the prebuilt brotli or gzip file with the script type, and caches it for a year', async () => {
    const br = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gzip = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get(SCRIPT_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('serves nothing from outside the build, nor the build manifest', async () => {
    const manifest = await get('/.vite/manifest.json', { accept: 'application/json' });
    expect(manifest.status).toBe(404);
    // Whatever answers (the app's page, for a browser), it is not a file from outside client/dist.
    const traversal = await get('/assets/..%2f..%2f..%2fpackage.json', { 'accept-encoding': 'br, gzip' });
    expect(traversal.headers['content-type']).toMatch(/^text\/html/);
    const body = traversal.headers['content-encoding'] === 'br' ? brotliDecompressSync(traversal.body) : traversal.body;
    expect(body.toString()).toContain('app shell');
  });
});

describe('API answers and uploads', () => {
  it('compresses JSON answers on the fly', async () => {
    const response = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.body).toString())).toHaveProperty('openapi');
  });

  it('sends answers under 1 KiB uncompressed', async () => {
    const small = await get(`/graphql?query=${encodeURIComponent('{ __typename }')}`, { 'accept-encoding': 'br, gzip', 'apollo-require-preflight': 'true' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ data: { __typename: 'Query' } });
    const health = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends uploaded images as they are (already compressed)', async () => {
    const image = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '.padEnd(2048, '\u0000'), 'binary');
    await writeFile(path.join(app.uploadDir, 'photo.webp'), image);
    const response = await get('/uploads/photo.webp', { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.equals(image)).toBe(true);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('answers /robots.txt as text (not the HTML page), pointing at the sitemap', async () => {
    const response = await get('/robots.txt', { accept: 'text/html,*/*' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toContain(`Sitemap: ${app.url}/sitemap.xml`);
  });

  it('lists the public pages in /sitemap.xml', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...response.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([`${app.url}/`, `${app.url}/login`, `${app.url}/register`]);
  });
});
