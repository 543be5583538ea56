// Rendered on the server, per request, not in the browser: a signed-in page's
// first screen as HTML, from the answers the server already put in the page
// (server/web/first-screen.ts). The build bundles this module for the server
// (client/build/server-bundles.ts); server/web/client-app.ts puts its markup into
// #root in place of the loading shell. The first screen then paints from the HTML
// alone, before any script has downloaded; the client renders the same screen
// over it from the same cache (client/src/main.tsx), so nothing moves. Nothing
// here runs an effect or asks the network: components render once, from the cache.
import { ApolloClient, ApolloLink } from '@apollo/client';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { CSP_NONCE_PLACEHOLDER } from '@opennest/common/csp-nonce';
import type { FirstScreenState } from '@opennest/common/first-screen';
import type { RuntimeConfig } from '@opennest/common/runtime-config';
import { App } from './app/App';
import { createCache } from './app/apollo';
import { declaresOwnFirstScreen, restoreFirstScreen } from './app/first-screen';
import { AppRoutes, preloadRoutes } from './app/router';
import { createStyleCache } from './app/styles';
import { createAppSystem } from './app/theme';
import type { FirebaseSession } from './app/firebase';
import { MeDocument } from './users/users.generated';

export interface RenderedPage {
  /** The markup that goes inside #root; its <style> elements carry the nonce's placeholder. */
  body: string;
  /** The page's tab title, when it names one. */
  title: string | null;
}

const system = createAppSystem();
const TITLE = /<title>([^<]*)<\/title>/;
/** What renderToString writes for a boundary whose part was still loading (drawn by the client). */
const SUSPENDED = '<!--$!-->';
/** How long a render may wait for the code of lazily loaded parts (loaded once per process); what is still missing then shows its fallback. */
const LAZY_PARTS_WAIT_MS = 1000;

const noFirebase = (): Promise<FirebaseSession> => Promise.reject(new Error('Firebase Auth does not load on the server.'));

/**
 * The first screen of the page at `url` (an absolute URL) for the session `state`
 * describes; null when the page declares no first screen of its own (drawn
 * without its data it would be a skeleton, which the shell already is) or the
 * route answers with a redirect rather than a page.
 */
export async function renderPage(
  url: string,
  state: FirstScreenState,
  config: RuntimeConfig,
  /** Told of what failed to draw (that part is left to the client). */
  onError: (error: unknown) => void = () => undefined,
): Promise<RenderedPage | null> {
  const location = new URL(url);
  if (!declaresOwnFirstScreen(location.pathname)) return null;
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.empty(), ssrMode: true });
  await restoreFirstScreen(client.cache, state, location);
  try {
    await preloadRoutes(location);
  } catch (error) {
    // A page whose code failed to load (its error page is not what the browser would draw): the shell.
    onError(error);
    return null;
  }
  const session = { signedIn: state.signedIn, viewer: state.signedIn ? (client.cache.readQuery({ query: MeDocument })?.me ?? null) : null };
  const page = () => (
    <App
      client={client}
      session={session}
      firebase={noFirebase}
      config={config}
      routing={
        <StaticRouter location={`${location.pathname}${location.search}${location.hash}`}>
          <AppRoutes />
        </StaticRouter>
      }
      system={system}
      // A cache per page, so the markup carries every style it uses; the server fills in the response's nonce.
      styleCache={createStyleCache(CSP_NONCE_PLACEHOLDER)}
    />
  );
  let html: string;
  try {
    html = renderToString(page());
    if (html.includes(SUSPENDED)) {
      // A lazily loaded part (the bell, a section) met for the first time in this process: its code is loaded
      // (prerender waits for it), then the page is drawn again with it, as the browser will draw it.
      await prerender(page(), { signal: AbortSignal.timeout(LAZY_PARTS_WAIT_MS), onError }).catch(onError);
      html = renderToString(page());
    }
  } finally {
    client.stop();
  }
  // React writes scripts only to reveal parts that were still loading; the page's policy would refuse
  // them, so such a page is not sent (the shell is).
  if (html.includes(SUSPENDED) || html.includes('<script')) return null;
  const title = TITLE.exec(html)?.[1] ?? null;
  return { body: html.replace(TITLE, ''), title };
}
