// The browser's session: an HttpOnly cookie holding a Firebase session cookie
// (firebase-admin createSessionCookie, made from a fresh ID token at sign-in and
// verified with verifySessionCookie on every request, context/caller.ts). It is
// a signed JWT that firebase-admin verifies with Google's public keys, so any
// process, before or after a restart, verifies it alike: nothing is kept in
// memory or in the database.
import type { Request } from 'express';

/** The cookie's name. */
export const SESSION_COOKIE = 'opennest_session';

/** The cookie's value in a Cookie header, if sent. */
export function sessionCookieOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return value || undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie value: HttpOnly (no script reads it), SameSite=Lax (not sent on
 * other sites' subrequests), Secure over HTTPS, for the whole origin; `maxAgeSeconds` 0 clears it.
 */
export function sessionCookieHeader(value: string, { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean }): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

/** Whether the request came over HTTPS (directly, or through a proxy Express trusts). */
export const overHttps = (req: Request) => req.secure;
