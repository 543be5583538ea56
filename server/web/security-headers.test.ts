// The security headers over HTTP, per class of response: pages (the built client,
// /sandbox included), the API (/graphql, /api), uploaded images; HSTS only for
// HTTPS (directly or through a proxy TRUST_PROXY believes); and POST /csp-report.
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../config';
import { DEFAULT_RATE_LIMITS, GENEROUS_RATE_LIMITS } from '../rate-limits/rate-limits';
import { testEnv } from '../test/infrastructure';
import { startTestApp, type TestApp } from '../test/test-app';

const clientDistDir = path.join(projectRoot, 'client', 'dist');
let app: TestApp;
/** Believes no proxy, and takes 2 CSP reports a minute per IP. */
let untrusting: TestApp;
beforeAll(async () => {
  [app, untrusting] = await Promise.all([
    startTestApp({ clientDistDir }),
    startTestApp({ clientDistDir }, { trustProxy: false, rateLimits: { ...GENEROUS_RATE_LIMITS, messages: DEFAULT_RATE_LIMITS.messages, cspReports: { points: 2, seconds: 60 } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), untrusting?.close()]);
});

const HTML = { accept: 'text/html' };
const HTTPS_PROXY = { 'x-forwarded-proto': 'https' };
const get = (target: TestApp, pathname: string, headers: Record<string, string> = {}) => fetch(`${target.url}${pathname}`, { headers, redirect: 'manual' });
const csp = (response: Response) => response.headers.get('content-security-policy') ?? '';
const directive = (response: Response, name: string) => csp(response).split(';').find((part) => part.split(' ')[0] === name);

describe('pages', () => {
  it.each(['/', '/login', '/sandbox', '/dash-board/payment/1', '/no-such-page'])('%s gets the pages’ policy', async (pathname) => {
    const response = await get(app, pathname, HTML);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(directive(response, 'default-src')).toBe("default-src 'self'");
    // The build's inline loader by its hash, nothing inline or evaluated otherwise.
    expect(directive(response, 'script-src')).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/apis\.google\.com$/);
    // Inline styles only by this response's nonce; style attributes only by hash.
    expect(directive(response, 'style-src')).toMatch(/^style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(directive(response, 'style-src-attr')).toMatch(/^style-src-attr 'unsafe-hashes'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
    expect(csp(response)).not.toContain("'unsafe-inline'");
    expect(directive(response, 'object-src')).toBe("object-src 'none'");
    expect(directive(response, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(response, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(response, 'form-action')).toBe("form-action 'self'");
    expect(directive(response, 'report-uri')).toBe('report-uri /csp-report');
    // The test app uses the Auth emulator and the local payment server: both reachable, Stripe not named.
    const { payments } = (await (await get(app, '/api/config')).json()) as { payments: { apiUrl: string } };
    expect(directive(response, 'connect-src')).toBe(`connect-src 'self' http://${testEnv().authEmulatorHost} ${new URL(payments.apiUrl).origin}`);
    expect(csp(response)).not.toContain('stripe.com');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(csp(response)).not.toContain('upgrade-insecure-requests');
  });

  it('allows exactly the inline scripts the served page carries', async () => {
    const response = await get(app, '/', HTML);
    const html = await response.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
    expect(inline).toHaveLength(1);
    expect(directive(response, 'script-src')).toContain(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
  });

  it.each(['/', '/login'])('%s admits exactly the styles it carries: by a nonce of its own, and its style attributes by hash', async (pathname) => {
    const responses = [await get(app, pathname, HTML), await get(app, pathname, HTML)];
    const nonces = await Promise.all(
      responses.map(async (response) => {
        const html = await response.text();
        const nonce = /'nonce-([^']+)'/.exec(directive(response, 'style-src') ?? '')?.[1];
        expect(nonce).toBeDefined();
        expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
        const styleElements = [...html.matchAll(/<style\b([^>]*)>/g)].map(([, attributes]) => attributes!);
        if (pathname === '/') expect(styleElements.length).toBeGreaterThan(10);
        for (const attributes of styleElements) expect(attributes).toContain(`nonce="${nonce}"`);
        const attributeHashes = [...html.matchAll(/<[a-z][^>]*?\sstyle="([^"]*)"/g)].map(([, value]) => `'sha256-${createHash('sha256').update(value!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')).digest('base64')}'`);
        for (const hash of attributeHashes) expect(directive(response, 'style-src-attr')).toContain(hash);
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('the API', () => {
  it.each([
    ['GET', '/api/config'],
    ['GET', '/api/no-such-route'],
    ['POST', '/graphql'],
    ['GET', '/healthz'],
  ])('%s %s allows nothing to load or frame it', async (method, pathname) => {
    const response = await fetch(`${app.url}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ query: '{ __typename }' }) : undefined,
    });
    expect(csp(response)).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('uploaded images', () => {
  it('are served under a sandboxed, image-only policy, for this origin only', async () => {
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).webp().toFile(path.join(app.uploadDir, 'headers.webp'));
    for (const pathname of ['/uploads/headers.webp', '/Uploads/headers.webp']) {
      const response = await get(app, pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(csp(response)).toBe("default-src 'none';img-src 'self';sandbox");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    const missing = await get(app, '/uploads/none.webp');
    expect(missing.status).toBe(404);
    expect(csp(missing)).toBe("default-src 'none';img-src 'self';sandbox");
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS through a believed proxy (TRUST_PROXY), with upgrade-insecure-requests on pages', async () => {
    for (const pathname of ['/', '/api/config', '/uploads/none.webp']) {
      const response = await get(app, pathname, { ...HTML, ...HTTPS_PROXY });
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    }
    expect(csp(await get(app, '/', { ...HTML, ...HTTPS_PROXY }))).toMatch(/;upgrade-insecure-requests$/);
  });

  it('is never sent on plain HTTP', async () => {
    for (const pathname of ['/', '/api/config', '/uploads/none.webp']) expect((await get(app, pathname, HTML)).headers.get('strict-transport-security')).toBeNull();
  });

  it('is not sent when X-Forwarded-Proto comes from a proxy TRUST_PROXY does not believe', async () => {
    const response = await get(untrusting, '/', { ...HTML, ...HTTPS_PROXY });
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(csp(response)).not.toContain('upgrade-insecure-requests');
  });
});

describe('POST /csp-report', () => {
  const report = (documentUri: string) => ({
    'csp-report': { 'document-uri': documentUri, 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline', 'source-file': documentUri, 'line-number': 3, 'script-sample': 'alert(1)' },
  });
  const post = (target: TestApp, body: unknown, type = 'application/csp-report') =>
    fetch(`${target.url}/csp-report`, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('counts and keeps a report-uri report', async () => {
    const before = app.cspReports.count;
    const response = await post(app, report('http://localhost/reported'));
    expect(response.status).toBe(204);
    expect(app.cspReports.count).toBe(before + 1);
    expect(app.cspReports.recent.at(-1)).toEqual({ documentUrl: 'http://localhost/reported', directive: 'script-src-elem', blockedUrl: 'inline', sourceFile: 'http://localhost/reported', line: 3, sample: 'alert(1)' });
  });

  it('takes a Reporting API batch too', async () => {
    const batch = [{ type: 'csp-violation', url: 'http://localhost/batch', body: { documentURL: 'http://localhost/batch', effectiveDirective: 'img-src', blockedURL: 'https://elsewhere.example/x.png', lineNumber: 1 } }];
    expect((await post(app, batch, 'application/reports+json')).status).toBe(204);
    expect(app.cspReports.recent.at(-1)).toMatchObject({ documentUrl: 'http://localhost/batch', directive: 'img-src', blockedUrl: 'https://elsewhere.example/x.png' });
  });

  it('refuses what is not a report with 400, counting nothing', async () => {
    const before = app.cspReports.count;
    for (const body of ['{"hello":1}', '[]', 'not json', '{"csp-report": 5}']) {
      const response = await post(app, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
    expect(app.cspReports.count).toBe(before);
  });

  it('is rate-limited per IP (RATE_LIMIT_CSP_REPORTS)', async () => {
    expect((await post(untrusting, report('http://localhost/1'))).status).toBe(204);
    expect((await post(untrusting, report('http://localhost/2'))).status).toBe(204);
    const refused = await post(untrusting, report('http://localhost/3'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(untrusting.cspReports.count).toBe(2);
  });
});
