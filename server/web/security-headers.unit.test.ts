// The pages' Content-Security-Policy as each configuration makes it: a third
// party's origin appears only when the configuration has the browser use it.
import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { inlineScriptHashes, pageDirectives, policyText, styleAttributeHashes, withStyleAttributesOf } from './security-headers';

const EMULATOR = 'http://127.0.0.1:9099';
const LOCAL_PAYMENTS = 'http://127.0.0.1:12111/';

/** The embedded default: Auth emulator, local payment server. */
const embedded: RuntimeConfig = {
  firebase: { apiKey: 'demo-api-key', authDomain: 'demo-opennest.firebaseapp.com', projectId: 'demo-opennest' },
  authEmulatorUrl: EMULATOR,
  maxUploadBytes: 1024,
  payments: { provider: 'local', publishableKey: 'pk_test_local', apiUrl: LOCAL_PAYMENTS },
  graphqlIntrospection: true,
};
/** Real Firebase and real Stripe. */
const hosted: RuntimeConfig = {
  ...embedded,
  firebase: { apiKey: 'AIza-key', authDomain: 'opennest-prod.firebaseapp.com', projectId: 'opennest-prod' },
  authEmulatorUrl: null,
  payments: { provider: 'stripe', publishableKey: 'pk_test_real' },
};

const NONCE = 'bm9uY2Utb2YtdGhpcy1yZXNwb25zZQ==';
const policyOf = (runtimeConfig: RuntimeConfig, { secure = false, hashes = [] as string[], styleHashes = [] as string[], nonce = NONCE } = {}) =>
  policyText(pageDirectives({ runtimeConfig, inlineScriptHashes: hashes, styleAttributeHashes: styleHashes }, secure), nonce);
const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('the pages’ policy', () => {
  it('is exactly this with the embedded emulators', () => {
    expect(policyOf(embedded, { hashes: ['sha256-abc='], styleHashes: ['sha256-def='] })).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'sha256-abc=' https://apis.google.com",
        `style-src 'self' 'nonce-${NONCE}'`,
        "style-src-attr 'unsafe-hashes' 'sha256-def='",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src 'self' ${EMULATOR} http://127.0.0.1:12111`,
        `frame-src 'self' ${EMULATOR}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        'report-uri /csp-report',
      ].join(';'),
    );
  });

  it('never allows inline scripts or eval', () => {
    for (const runtimeConfig of [embedded, hosted]) {
      for (const secure of [false, true]) {
        const directive = (name: string) => policyOf(runtimeConfig, { secure }).split(';').find((part) => part.split(' ')[0] === name)!;
        expect(directive('script-src').split(' ').filter((source) => source.startsWith("'unsafe-"))).toEqual([]);
        expect(directive('default-src')).toBe("default-src 'self'");
      }
    }
  });

  it('admits inline styles only by the response’s nonce, and style attributes only by hash', () => {
    for (const runtimeConfig of [embedded, hosted]) {
      for (const secure of [false, true]) {
        const policy = policyOf(runtimeConfig, { secure, styleHashes: [sha('outline:0')], nonce: 'Zmlyc3Q=' });
        expect(policy).not.toContain("'unsafe-inline'");
        expect(policy.split(';')).toContain("style-src 'self' 'nonce-Zmlyc3Q='");
        expect(policy.split(';')).toContain(`style-src-attr 'unsafe-hashes' '${sha('outline:0')}'`);
        expect(policyOf(runtimeConfig, { secure, nonce: 'c2Vjb25k' }).split(';')).toContain("style-src 'self' 'nonce-c2Vjb25k'");
      }
    }
    // A page whose markup has no style attribute admits none.
    expect(policyOf(embedded).split(';')).toContain("style-src-attr 'none'");
  });

  it('names Stripe only when real Stripe is configured, and the local payment server otherwise', () => {
    expect(policyOf(embedded)).not.toContain('stripe.com');
    const stripe = policyOf(hosted);
    expect(stripe).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(stripe).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(stripe).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(stripe).not.toContain('127.0.0.1:12111');
  });

  it('names the Auth emulator only when it is used, and Firebase’s services otherwise', () => {
    expect(policyOf(hosted)).not.toContain(EMULATOR);
    expect(policyOf(hosted)).toMatch(/connect-src [^;]*https:\/\/identitytoolkit\.googleapis\.com https:\/\/securetoken\.googleapis\.com/);
    expect(policyOf(hosted)).toMatch(/frame-src [^;]*https:\/\/opennest-prod\.firebaseapp\.com/);
    expect(policyOf(embedded)).not.toContain('googleapis.com');
    expect(policyOf(embedded)).not.toContain('firebaseapp.com');
  });

  it('upgrades insecure requests only on HTTPS', () => {
    expect(policyOf(embedded)).not.toContain('upgrade-insecure-requests');
    expect(policyOf(embedded, { secure: true })).toMatch(/;upgrade-insecure-requests$/);
  });
});

describe('inline script hashes', () => {
  it('hashes executable inline scripts only, as the browser does', () => {
    const html = '<script type="application/json" id="c">{"a":1}</script><script src="/x.js"></script><script>run()</script><script type="module">go()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('run()'), sha('go()')]);
  });
});

describe('style attribute hashes', () => {
  it('hashes each distinct style attribute of the markup once, its entities decoded as the browser reads them', () => {
    const html = '<div style="outline:0"></div><p class="x" style="outline:0">a</p><span style="font-family:&quot;A&quot;;content:&#39;&amp;&#x27;"></span><style>b{}</style><i data-style="no"></i>';
    expect(styleAttributeHashes(html)).toEqual([sha('outline:0'), sha('font-family:"A";content:\'&\'')]);
  });
});

describe('a page drawn per request', () => {
  it('admits its own style attributes by hash, besides the templates’ ones, and changes nothing else', () => {
    const directive = (policy: string, name: string) => policy.split(';').find((part) => part.split(' ')[0] === name);
    const none = policyOf(embedded);
    const drawn = withStyleAttributesOf(none, '<div style="width:40%"></div><span style="width:40%"></span>');
    expect(directive(drawn, 'style-src-attr')).toBe(`style-src-attr 'unsafe-hashes' '${sha('width:40%')}'`);
    expect(drawn.split(';').filter((part) => !part.startsWith('style-src-attr'))).toEqual(none.split(';').filter((part) => !part.startsWith('style-src-attr')));

    const templates = policyOf(embedded, { styleHashes: [sha('outline:0')] });
    expect(directive(withStyleAttributesOf(templates, '<i style="outline:0"></i><b style="top:0"></b>'), 'style-src-attr')).toBe(
      `style-src-attr 'unsafe-hashes' '${sha('outline:0')}' '${sha('top:0')}'`,
    );
    // Markup without style attributes leaves the policy as it was.
    expect(withStyleAttributesOf(templates, '<p class="x">plain</p>')).toBe(templates);
  });
});
