// The nonce that lets a page's <style> elements through its Content-Security-Policy
// (style-src 'nonce-…', server/web/security-headers.ts). The server makes a fresh
// one per response and writes it into the page's <meta property="csp-nonce">
// (the element Vite's preload helper also reads for the stylesheets of lazily
// loaded chunks); the client gives it to emotion, which writes Chakra's styles.

/** The element the page's nonce is in (as its `nonce` attribute, which browsers hide from the DOM but keep in `.nonce`). */
export const CSP_NONCE_SELECTOR = 'meta[property=csp-nonce]';

/**
 * What the build writes wherever a response's nonce goes (the prerendered styles'
 * nonce attributes, the meta element); the server replaces every occurrence per
 * response. Not base64, so it can never be mistaken for a real nonce.
 */
export const CSP_NONCE_PLACEHOLDER = '__OPENNEST_CSP_NONCE__';
