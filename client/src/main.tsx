import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@opennest/common/runtime-config';
import { App } from './app/App';
import { firstRouteLoaded, keyFirstHistoryEntry, registerRouter } from './app/navigation';
import { createRouter } from './app/router';
import { createStyleCache, pageStyleNonce } from './app/styles';
import { createAppSystem } from './app/theme';

const root = createRoot(document.getElementById('root')!);

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
  // Firebase Auth is a chunk of its own: it downloads while the first page renders.
  const firebase = import('./app/firebase').then(({ initFirebaseAuth }) => initFirebaseAuth(config));
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
  await firstRouteLoaded(router);
  // As a transition React renders the first page in short slices, so the main thread
  // stays free for input between them (the shell is already on screen meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App firebase={firebase} config={config} router={router} system={system} styleCache={styleCache} />
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
