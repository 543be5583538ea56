// Debian's Chromium, for the browser tests and the web benchmark: where it is and
// the flags it needs on a machine with no route to the internet.
import { existsSync } from 'node:fs';

/** Without the background-networking flags Chromium floods a closed network with connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
  return found;
}
