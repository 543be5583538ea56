import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@opennest/common/runtime-config';
import { App } from './app/App';
import { createApolloClient } from './app/apollo';
import { firstScreenStateOf, restoreFirstScreen } from './app/first-screen';
import { BrowserAppRouter, createAppHistory } from './app/app-router';
import { keyFirstHistoryEntry } from './app/navigation';
import { AppRoutes, preloadRoutes } from './app/router';
import { createStyleCache, pageStyleNonce } from './app/styles';
import { createAppSystem } from './app/theme';
import type { InitialSession } from './auth/AuthProvider';
import { MeDocument } from './users/users.generated';

const container = document.getElementById('root')!;

/**
 * The server drew this page's first screen into #root (a signed-in page,
 * server/web/page-render.ts): the client takes over that markup (hydrates it)
 * instead of drawing it again, so its elements (the first photo, the heading)
 * stay the ones that painted first. A prerendered shell (the loading screen, the
 * home page's first screenful) is only part of a page: it is replaced.
 */
function drawnByServer(): boolean {
  const first = container.firstChild;
  return first !== null && !(first.nodeType === Node.COMMENT_NODE && (first as Comment).data === 'shell');
}

/**
 * How long after start queries that would also ask the network take the first
 * screen's answers from the cache instead: the page renders in that time.
 */
const FIRST_SCREEN_MS = 3000;

/** Runs `run` once its children are on screen (committed), hydrated ones included. */
function AfterCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}

/** The server drew the page inert (server/web/client-app.ts): it takes input once the client has taken it over. */
const takeInput = () => {
  container.removeAttribute('inert');
  performance.mark('opennest:first render committed');
};

/** The server writes the runtime config into the page; `vite dev`'s page lacks it and asks the API. */
async function runtimeConfig(): Promise<RuntimeConfig> {
  const written = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (written) return JSON.parse(written) as RuntimeConfig;
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/** Ends the current task, so that the next piece of start-up work is a task of its own and input is handled in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs a piece of start-up work as a User Timing measure (`opennest:<name>`), so that a
 * performance trace names the task it is in (`npm run bench:web:trace` prints them).
 */
function measured<T>(name: string, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    performance.measure(`opennest:${name}`, { start });
  }
}

async function start() {
  const config = await runtimeConfig();
  // The first screen's data, if the server sent it with the page (a signed-in request, or a public page's): the cache starts from it.
  const firstScreen = firstScreenStateOf(document);
  const client = measured('apollo client', () => createApolloClient({}, { firstScreenMs: firstScreen?.results.length ? FIRST_SCREEN_MS : 0 }));
  const restored = measured('first screen into the cache', () => (firstScreen ? restoreFirstScreen(client.cache, firstScreen, window.location) : Promise.resolve()));
  await nextTask();
  keyFirstHistoryEntry(window.history);
  const history = createAppHistory();
  // A chunk that fails to download is asked for again as the page draws (and shows the error page if it fails again).
  const firstRouteLoaded = measured('first route requested', () => preloadRoutes(history.location).catch(() => undefined));
  // While the first route's chunk downloads.
  await nextTask();
  const system = measured('styling system', createAppSystem);
  const styleCache = measured('style cache', () => createStyleCache(pageStyleNonce()));
  // The page the server sent (the prerendered shell) stays until the first route's chunk is in,
  // so the screen goes from it straight to the page, without a loading screen in between.
  await Promise.all([firstRouteLoaded, restored]);
  const session: InitialSession = firstScreen && {
    signedIn: firstScreen.signedIn,
    viewer: firstScreen.signedIn ? (client.cache.readQuery({ query: MeDocument })?.me ?? null) : null,
  };
  // Firebase Auth only when someone signs in or registers (it then makes the session cookie).
  const firebase = () => import('./app/firebase').then(({ initFirebaseAuth }) => initFirebaseAuth(config));
  // As a transition React renders the first page in short slices, so the main thread
  // stays free for input between them (the shell is already on screen meanwhile).
  const app = (
    <StrictMode>
      <AfterCommit run={takeInput}>
        <App client={client} session={session} firebase={firebase} config={config} routing={
            <BrowserAppRouter history={history}>
              <AppRoutes />
            </BrowserAppRouter>
          } system={system} styleCache={styleCache} />
      </AfterCommit>
    </StrictMode>
  );
  performance.mark('opennest:render starts');
  startTransition(() => {
    if (drawnByServer()) {
      // Markup that differs from what the client draws (a date in another time zone) is drawn again by
      // the client, as React does on its own; that is expected, not an error worth the console.
      root = hydrateRoot(container, app, { onRecoverableError: () => undefined });
    } else {
      root = createRoot(container);
      root.render(app);
    }
  });
}

let root: Root | null = null;

start().catch((error) => {
  console.error(error);
  // A page the server drew stays on screen, but takes input again: its links work without the app.
  takeInput();
  root ??= createRoot(container);
  root.render(
    <p style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
      OpenNest could not start: the server did not answer. Please reload the page in a moment.
    </p>,
  );
});
