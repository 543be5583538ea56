// The browser's session (session-cookie.ts): started after sign-in with the ID
// token, ended at sign-out. Not rows of the spec's call table.
import { credentialsOf } from '../context/http';
import { ownHostsOf, requireSameOrigin } from '../context/same-origin';
import { routesOf, type ApiRoute } from '../rest/route';
import { dateTime } from '../rest/answers';
import { z } from '../rest/zod';
import { overHttps, sessionCookieHeader, SESSION_COOKIE } from './session-cookie';
import { sessionAccess } from './session.access';

const route = routesOf(sessionAccess);

const SetCookie = z.object({ 'Set-Cookie': z.string().openapi({ description: `\`${SESSION_COOKIE}=…; Path=/; Max-Age=…; HttpOnly; SameSite=Lax\` (and \`Secure\` over HTTPS)` }) });

export const sessionRoutes: ApiRoute[] = [
  route('POST /session', 'startSession', {
    spec: false,
    summary: 'Start the browser’s session cookie from a fresh ID token',
    description:
      'Send `Authorization: Bearer <Firebase ID token>` right after signing in: the answer sets an HttpOnly session cookie (SESSION_DAYS) that then identifies the browser on /graphql, /api, the live-updates WebSocket and the pages. 403 from another origin (a page elsewhere must not sign a browser into an account of its choosing).',
    success: { status: 200, description: 'The cookie is set.', schema: z.strictObject({ expiresAt: dateTime }), headers: SetCookie },
    refusals: [403],
    async handler({ req, res, env, context: { caller, services } }) {
      requireSameOrigin({ headers: req.headers, ownHosts: ownHostsOf(req.get('host'), env.publicUrl) });
      const cookie = await services.session.start(caller, credentialsOf(req), env.sessionLifetimeMs);
      res.append('Set-Cookie', sessionCookieHeader(cookie, { maxAgeSeconds: Math.floor(env.sessionLifetimeMs / 1000), secure: overHttps(req) }));
      res.setHeader('Cache-Control', 'no-store');
      return { expiresAt: new Date(Date.now() + env.sessionLifetimeMs).toISOString() };
    },
  }),
  route('DELETE /session', 'endSession', {
    spec: false,
    summary: 'Sign out: clear the session cookie and revoke the account’s sessions',
    description:
      'Clears the cookie and, when the request names a signed-in caller (cookie or bearer token), revokes the account’s sessions (Firebase revokes per account: its other browsers are signed out too, at their next write). 403 when the cookie is sent from another origin.',
    success: { status: 200, description: 'Signed out.', schema: z.strictObject({ signedOut: z.literal(true) }), headers: SetCookie },
    async handler({ req, res, context: { caller, services } }) {
      await services.session.end(caller);
      res.append('Set-Cookie', sessionCookieHeader('', { maxAgeSeconds: 0, secure: overHttps(req) }));
      res.setHeader('Cache-Control', 'no-store');
      return { signedOut: true as const };
    },
  }),
];
