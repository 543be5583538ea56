// Cross-site request forgery: a browser attaches the session cookie to requests
// another site makes it send (a form posted from there, a WebSocket opened from
// there; SameSite=Lax stops only some of them, and none from a sibling port or
// subdomain, which browsers count as the same site). So a request the cookie
// identifies that could change anything must show that our own page sent it:
// the browser's `Sec-Fetch-Site` says `same-origin`, and its `Origin`, when sent,
// is this app's. A bearer token needs no such check: a page elsewhere cannot
// attach one. (GraphQL over HTTP also keeps Apollo's CSRF prevention: a
// simple-content-type request without a preflight header is refused.)
import type { IncomingHttpHeaders } from 'node:http';
import { forbidden } from '../shared/errors';

export const CROSS_SITE_REFUSAL = 'This request came from another site, so your session cannot be used for it.';

/** What decides a request's origin: its headers, and the hosts this app answers as (the request's own Host, PUBLIC_URL's). */
export interface OriginCheck {
  headers: IncomingHttpHeaders;
  /** `host[:port]` values that are this app (compared with the Origin header's). */
  ownHosts: readonly string[];
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** True when nothing says the request came from elsewhere (a client with neither header is not a browser, so no forgery). */
export function isSameOrigin({ headers, ownHosts }: OriginCheck): boolean {
  const fetchSite = single(headers['sec-fetch-site']);
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = single(headers.origin);
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    // "null" (a sandboxed frame, a redirect across origins) or garbage.
    return false;
  }
  return ownHosts.some((own) => own.toLowerCase() === host.toLowerCase());
}

/** Throws FORBIDDEN for a request from another origin. */
export function requireSameOrigin(check: OriginCheck): void {
  if (!isSameOrigin(check)) throw forbidden(CROSS_SITE_REFUSAL);
}

/** The hosts a request to this app may name in its Origin: its own Host header's, and the configured public address's. */
export function ownHostsOf(hostHeader: string | undefined, publicUrl: string): string[] {
  const hosts = [new URL(publicUrl).host];
  if (hostHeader) hosts.push(hostHeader);
  return hosts;
}
