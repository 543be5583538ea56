// The security headers of every response, by class: the pages (and the files the
// client loads with them), the API (/graphql, /api, the CSP report endpoint) and
// uploaded images (/uploads). The pages' Content-Security-Policy is built from the
// runtime config, which is exactly what the browser is told to contact: a third
// party appears only when the configuration makes the client use it.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { RuntimeConfig } from '@opennest/common/runtime-config';

/** Where browsers POST their CSP violation reports (server/web/csp-reports.ts). */
export const CSP_REPORT_PATH = '/csp-report';

/** HSTS: six months, subdomains included; sent only on HTTPS responses. */
const HSTS_MAX_AGE_SECONDS = 15_552_000;

export interface PagePolicyInputs {
  runtimeConfig: RuntimeConfig;
  /** CSP hash sources ('sha256-…') of the inline scripts in the served HTML (inlineScriptHashes). */
  inlineScriptHashes: string[];
  /** CSP hash sources of the style attributes in the served HTML's markup (styleAttributeHashes). */
  styleAttributeHashes: string[];
}

/** A source helmet asks for on every response: the response's style nonce. */
type PerResponseSource = (req: IncomingMessage, res: ServerResponse) => string;
type Directives = Record<string, Array<string | PerResponseSource>>;

/** Where securityHeaders keeps the response's style nonce (res.locals). */
const STYLE_NONCE = 'styleNonce';
/** Bytes of randomness in a style nonce (128 bits, as CSP asks for at least). */
const NONCE_BYTES = 16;

/**
 * This response's style nonce, fresh for every response of the pages' class (made
 * by securityHeaders before the policy is written, so the page and the header
 * carry the same one). Throws on a response that has none: a page must never go
 * out with a nonce its policy does not name.
 */
export function styleNonce(res: Response | ServerResponse): string {
  const nonce = (res as Response).locals?.[STYLE_NONCE] as string | undefined;
  if (!nonce) throw new Error('This response has no style nonce: securityHeaders must run before the pages are served.');
  return nonce;
}

/** The style-src source of the response's nonce. */
const styleNonceSource: PerResponseSource = (_req, res) => `'nonce-${styleNonce(res)}'`;

/**
 * Each source beyond 'self', declared once with the reason it is there. `secure`
 * says whether the page is served over HTTPS (upgrade-insecure-requests).
 */
export function pageDirectives({ runtimeConfig, inlineScriptHashes, styleAttributeHashes }: PagePolicyInputs, secure: boolean): Directives {
  const directives: Directives = {
    'default-src': ["'self'"],
    // The built bundles, plus the prerendered pages' inline loader (client/build/prerender.ts) by its hash.
    'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
    // The built stylesheets, and the <style> elements emotion (Chakra UI) writes, prerendered or at
    // run time, by the response's nonce (client/src/app/styles.tsx). Nothing else inline: injected
    // markup could otherwise restyle the page or read attribute values out through CSS selectors.
    'style-src': ["'self'", styleNonceSource],
    // Style attributes written in markup: only the prerendered ones, by their hash. (React and the
    // libraries set styles through element.style, which CSP does not govern.) Without this directive
    // they would fall under style-src, which has no way to admit an attribute.
    'style-src-attr': styleAttributeHashes.length > 0 ? ["'unsafe-hashes'", ...styleAttributeHashes.map((hash) => `'${hash}'`)] : ["'none'"],
    // data: for the images GraphiQL's stylesheet and editor carry inline (/sandbox), blob: for the previews of photos before they are uploaded.
    // Images in object storage are streamed by the app at /uploads, so they are 'self' too.
    'img-src': ["'self'", 'data:', 'blob:'],
    // GraphiQL's stylesheet (/sandbox) embeds its fonts as data: URLs.
    'font-src': ["'self'", 'data:'],
    // 'self' covers /graphql, /api and the live-updates WebSocket (ws:/wss: on the same host).
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
  };
  const add = (directive: string, ...sources: string[]) => directives[directive]!.push(...sources);

  // Google sign-in: firebase/auth's popup resolver loads Google's gapi script, which frames the auth handler.
  add('script-src', 'https://apis.google.com');
  const { authEmulatorUrl, firebase, payments } = runtimeConfig;
  if (authEmulatorUrl) {
    // Firebase Auth emulator: the SDK's REST calls and, for Google sign-in, its auth handler frame.
    add('connect-src', originOf(authEmulatorUrl));
    add('frame-src', originOf(authEmulatorUrl));
  } else {
    // Real Firebase Auth: sign-in and token refresh, and the project's auth handler frame.
    add('connect-src', 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    add('frame-src', `https://${firebase.authDomain}`);
  }
  if (payments.provider === 'stripe') {
    // Stripe.js and its Elements frames (card input, 3-D Secure), and the calls it makes.
    add('script-src', 'https://js.stripe.com');
    add('frame-src', 'https://js.stripe.com', 'https://hooks.stripe.com');
    add('connect-src', 'https://api.stripe.com');
  } else {
    // The local payment server: the card form confirms payments against it directly.
    add('connect-src', originOf(payments.apiUrl));
  }
  if (secure) directives['upgrade-insecure-requests'] = [];
  return dedupe(directives);
}

/** The API answers JSON only: nothing in it may load or frame anything. */
export const API_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/** An uploaded image opened on its own: it may show itself and nothing else, with no script, form or origin of its own. */
export const UPLOAD_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'img-src': ["'self'"], sandbox: [] };

/** The Content-Security-Policy header value of a set of directives for a response whose style nonce is `nonce`, written as helmet writes it. */
export function policyText(directives: Directives, nonce: string): string {
  const res = { locals: { [STYLE_NONCE]: nonce } } as unknown as ServerResponse;
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources.map((source) => (typeof source === 'function' ? source({} as IncomingMessage, res) : source))].join(' '))
    .join(';');
}

/**
 * The headers of every response: helmet's set with the policy of the response's
 * class, and HSTS when the request came over HTTPS (req.secure: directly, or
 * through a proxy believed by TRUST_PROXY). Mount before any route.
 */
export function securityHeaders(inputs: PagePolicyInputs): RequestHandler {
  const forPages = {
    http: fixedHeaders(helmetWith(pageDirectives(inputs, false))),
    https: fixedHeaders(helmetWith(pageDirectives(inputs, true))),
  };
  const forApi = fixedHeaders(helmetWith(API_DIRECTIVES));
  const forUploads = fixedHeaders(helmetWith(UPLOAD_DIRECTIVES));
  const hsts = fixedHeaders(helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }));
  return (req, res, next) => {
    const responseClass = classOf(req.path);
    if (responseClass === 'page') res.locals[STYLE_NONCE] = randomBytes(NONCE_BYTES).toString('base64');
    (responseClass === 'upload' ? forUploads : responseClass === 'api' ? forApi : req.secure ? forPages.https : forPages.http)(res);
    if (req.secure) hsts(res);
    next();
  };
}

type HeaderWriter = (res: Response) => void;

/**
 * Stands for the response's style nonce while a policy is worked out ahead; the
 * replay puts the real one in its place (base64 letters only, so helmet accepts it).
 */
const NONCE_STAND_IN = 'StyleNonceStandIn0000000000000000';

/**
 * What a helmet middleware does to a response, worked out once and replayed:
 * every header it writes depends only on the directives given here (none reads
 * the request) and, for pages, on the response's style nonce, which the replay
 * fills in. A dozen chained middlewares per request showed in the bench's profile.
 */
function fixedHeaders(middleware: RequestHandler): HeaderWriter {
  const changes: Array<[name: string, value: string | null, carriesNonce: boolean]> = [];
  const recorder = {
    locals: { [STYLE_NONCE]: NONCE_STAND_IN },
    setHeader: (name: string, value: string | number | readonly string[]) => void changes.push([name, String(value), String(value).includes(NONCE_STAND_IN)]),
    removeHeader: (name: string) => void changes.push([name, null, false]),
  };
  let finished = false;
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('A security-header middleware did not finish at once; its headers cannot be fixed ahead.');
  return (res) => {
    for (const [name, value, carriesNonce] of changes) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, carriesNonce ? value.replaceAll(NONCE_STAND_IN, styleNonce(res)) : value);
    }
  };
}

type ResponseClass = 'page' | 'api' | 'upload';

/** The JSON endpoints outside /api/ (GraphQL, the probes, the report endpoint). */
const API_PATHS = new Set(['/graphql', '/api', '/healthz', '/readyz', CSP_REPORT_PATH]);

function classOf(requestPath: string): ResponseClass {
  // Express matches mount paths case-insensitively (/Uploads/x is served from /uploads): so does this.
  const pathname = requestPath.toLowerCase();
  if (pathname === '/uploads' || pathname.startsWith('/uploads/')) return 'upload';
  if (API_PATHS.has(pathname) || pathname.startsWith('/api/')) return 'api';
  return 'page';
}

function helmetWith(directives: Directives): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // Sent by securityHeaders only over HTTPS (never on plain http://localhost).
    strictTransportSecurity: false,
    // Google sign-in's popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Same as frame-ancestors 'none', for browsers without CSP level 2.
    xFrameOptions: { action: 'deny' },
    // No other site may embed our images (uploads included) or scripts.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/** CSP hash sources of the executable inline scripts in `html` (JSON data blocks need none: they never run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * CSP hash sources of the style attributes in `html`'s markup, for style-src-attr
 * with 'unsafe-hashes' (the value as written, entities decoded as the browser reads it).
 */
export function styleAttributeHashes(html: string): string[] {
  const values = [...html.matchAll(/<[a-z][^>]*?\sstyle="([^"]*)"/gi)].map(([, value = '']) => decodeAttribute(value));
  return [...new Set(values)].map((value) => `sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}`);
}

function decodeAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) =>
    code.startsWith('#x') || code.startsWith('#X') ? String.fromCodePoint(parseInt(code.slice(2), 16)) : code.startsWith('#') ? String.fromCodePoint(Number(code.slice(1))) : (named[code.toLowerCase()] ?? entity),
  );
}

function dedupe(directives: Directives): Directives {
  return Object.fromEntries(Object.entries(directives).map(([name, sources]) => [name, [...new Set(sources)]]));
}

/**
 * The page policy `policy` admitting also the style attributes `html` carries
 * (a page drawn per request, whose markup the prerendered templates' hashes do not cover).
 */
export function withStyleAttributesOf(policy: string, html: string): string {
  const hashes = styleAttributeHashes(html).map((hash) => `'${hash}'`);
  const missing = hashes.filter((hash) => !policy.includes(hash));
  if (!missing.length) return policy;
  return policy
    .split(';')
    .map((directive) => {
      const [name] = directive.trim().split(' ');
      if (name !== 'style-src-attr') return directive;
      return ['style-src-attr', "'unsafe-hashes'", ...directive.trim().split(' ').slice(1).filter((source) => source !== "'none'" && source !== "'unsafe-hashes'"), ...missing].join(' ');
    })
    .join(';');
}
