import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@opennest/common/runtime-config';
import { App } from './app/App';
import { createApolloClient } from './app/apollo';
import { firstScreenStateOf, restoreFirstScreen } from './app/first-screen';
import { firstRouteLoaded, keyFirstHistoryEntry, registerRouter } from './app/navigation';
import { createRouter } from './app/router';
import { createStyleCache, pageStyleNonce } from './app/styles';
import { createAppSystem } from './app/theme';
import type { InitialSession } from './auth/AuthProvider';
import { MeDocument } from './users/users.generated';

const root = createRoot(document.getElementById('root')!);

/**
 * How long after start queries that would also ask the network take the first
 * screen's answers from the cache instead: the page renders in that time.
 */
const FIRST_SCREEN_MS = 3000;

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

async function start() {
  const config = await runtimeConfig();
  // The first screen's data, if the server sent it with the page (a signed-in request): the cache starts from it.
  const firstScreen = firstScreenStateOf(document);
  const client = createApolloClient({}, { firstScreenMs: firstScreen?.results.length ? FIRST_SCREEN_MS : 0 });
  const restored = firstScreen ? restoreFirstScreen(client.cache, firstScreen, window.location) : Promise.resolve();
  await nextTask();
  keyFirstHistoryEntry(window.history);
  const router = createRouter();
  registerRouter(router);
  // While the first route's chunk downloads.
  await nextTask();
  const system = createAppSystem();
  const styleCache = createStyleCache(pageStyleNonce());
  // The page the server sent (the prerendered shell) stays until the first route's chunk is in,
  // so the screen goes from it straight to the page, without a loading screen in between.
  await Promise.all([firstRouteLoaded(router), restored]);
  const session: InitialSession = firstScreen && {
    signedIn: firstScreen.signedIn,
    viewer: firstScreen.signedIn ? (client.cache.readQuery({ query: MeDocument })?.me ?? null) : null,
  };
  // Firebase Auth only when someone signs in or registers (it then makes the session cookie).
  const firebase = () => import('./app/firebase').then(({ initFirebaseAuth }) => initFirebaseAuth(config));
  // As a transition React renders the first page in short slices, so the main thread
  // stays free for input between them (the shell is already on screen meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App client={client} session={session} firebase={firebase} config={config} router={router} system={system} styleCache={styleCache} />
      </StrictMode>,
    );
  });
}

start().catch((error) => {
  console.error(error);
  root.render(
    <p style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
      OpenNest could not start: the server did not answer. Please reload the page in a moment.
    </p>,
  );
});
