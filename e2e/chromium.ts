// Debian's Chromium, for the browser tests and the web benchmark: where it is, the
// flags it needs on a machine with no route to the internet, and what `npm test`
// does when it is missing (installs Debian's package as root, else says what to run).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

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

/** Debian's packages for the browser tests: the browser and the fonts its pages are measured with. */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];
/** Where Debian puts it; OPENNEST_CHROMIUM_CANDIDATES (colon-separated) replaces the list, for the preflight's own test. */
const defaultPaths = (env: NodeJS.ProcessEnv) => env.OPENNEST_CHROMIUM_CANDIDATES?.split(':') ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium binary the tests use (CHROMIUM_PATH or CHROME_PATH when set and present, else Debian's), or null. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.CHROMIUM_PATH, env.CHROME_PATH, ...defaultPaths(env)].filter(Boolean) as string[];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(chromiumMissingLine({ root: false, apt: false }));
  return found;
}

/** The one line that says what to run when Chromium is missing and this process cannot install it. */
export function chromiumMissingLine({ root, apt }: { root: boolean; apt: boolean }): string {
  const install = `apt-get install -y --no-install-recommends ${CHROMIUM_PACKAGES.join(' ')}`;
  if (apt) return `Chromium is missing and the browser tests need it: run "${root ? '' : 'sudo '}${install}" (or set CHROMIUM_PATH to a Chromium binary), then run the tests again.`;
  return `Chromium is missing and the browser tests need it: install Chromium with your system's package manager and set CHROMIUM_PATH to its binary, then run the tests again.`;
}

export interface ChromiumPreflight {
  find(): string | null;
  isRoot: boolean;
  /** Whether apt-get is on PATH. */
  hasApt: boolean;
  /** Runs a command with its output shown; resolves with its exit code. */
  run(command: string, args: string[]): number;
  say(line: string): void;
}

/**
 * Makes sure the browser tests have a Chromium before any test runs: finds it,
 * or (as root, with apt-get) installs Debian's package as .ci/run always did, or
 * says in one line what to run. Resolves with the path, or null when the tests
 * must not start.
 */
export function ensureChromium(preflight: ChromiumPreflight): string | null {
  const found = preflight.find();
  if (found) return found;
  if (!preflight.isRoot || !preflight.hasApt) {
    preflight.say(chromiumMissingLine({ root: preflight.isRoot, apt: preflight.hasApt }));
    return null;
  }
  preflight.say(`Chromium is missing: installing Debian's ${CHROMIUM_PACKAGES.join(' and ')} packages (apt-get) for the browser tests...`);
  const installed =
    preflight.run('apt-get', ['update', '-qq']) === 0 &&
    preflight.run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...CHROMIUM_PACKAGES]) === 0 &&
    preflight.find();
  if (installed) return installed;
  preflight.say(`Installing Chromium failed (see apt-get's output above): ${chromiumMissingLine({ root: true, apt: true })}`);
  return null;
}

/** The preflight on this machine. */
export function machinePreflight(): ChromiumPreflight {
  const onPath = (command: string) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
  return {
    find: () => findChromium(),
    isRoot: process.getuid?.() === 0,
    hasApt: onPath('apt-get'),
    run: (command, args) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1,
    say: (line) => process.stderr.write(`${line}\n`),
  };
}
