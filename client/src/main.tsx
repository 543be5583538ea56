import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initFirebaseAuth } from './app/firebase';
import type { RuntimeConfig } from '@opennest/common/runtime-config';

const root = createRoot(document.getElementById('root')!);

async function start() {
  const response = await fetch('/api/config');
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  const auth = initFirebaseAuth(config);
  root.render(
    <StrictMode>
      <App auth={auth} config={config} />
    </StrictMode>,
  );
}

start().catch((error) => {
  console.error(error);
  root.render(
    <p style={{ fontFamily: 'sans-serif', padding: '2rem' }}>
      OpenNest could not start: the server did not answer. Please reload the page in a moment.
    </p>,
  );
});
