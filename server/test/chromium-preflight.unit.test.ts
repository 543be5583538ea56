// Before any test, `npm test` makes sure the browser tests have a Chromium
// (e2e/chromium.ts): found; or, as root with apt-get, Debian's package installed
// as .ci/run always did; or one line that says what to run, and no test at all.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumMissingLine, ensureChromium, findChromium, type ChromiumPreflight } from '../../e2e/chromium';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A machine as the preflight sees it: what it finds before and after an install, who it runs as, what it ran and said. */
function machine({ before, after = before, isRoot, hasApt, failing }: { before: string | null; after?: string | null; isRoot: boolean; hasApt: boolean; failing?: string }) {
  const ran: string[] = [];
  const said: string[] = [];
  let installed = false;
  const preflight: ChromiumPreflight = {
    find: () => (installed ? after : before),
    isRoot,
    hasApt,
    run(command, args) {
      ran.push([command, ...args].join(' '));
      if (failing && args.includes(failing)) return 100;
      if (args.includes('install')) installed = true;
      return 0;
    },
    say: (line) => said.push(line),
  };
  return { preflight, ran, said };
}

const INSTALL_LINE = 'apt-get install -y --no-install-recommends chromium fonts-liberation';

describe('the Chromium preflight', () => {
  it('does nothing where Chromium is found', () => {
    const { preflight, ran, said } = machine({ before: '/usr/bin/chromium', isRoot: true, hasApt: true });
    expect(ensureChromium(preflight)).toBe('/usr/bin/chromium');
    expect({ ran, said }).toEqual({ ran: [], said: [] });
  });

  it("installs Debian's chromium and fonts-liberation as root with apt-get, as .ci/run did, and goes on", () => {
    const { preflight, ran, said } = machine({ before: null, after: '/usr/bin/chromium', isRoot: true, hasApt: true });
    expect(ensureChromium(preflight)).toBe('/usr/bin/chromium');
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends chromium fonts-liberation']);
    expect(said).toEqual(["Chromium is missing: installing Debian's chromium and fonts-liberation packages (apt-get) for the browser tests..."]);
  });

  it('stops with one line that says what to run when it is not root', () => {
    const { preflight, ran, said } = machine({ before: null, isRoot: false, hasApt: true });
    expect(ensureChromium(preflight)).toBeNull();
    expect(ran).toEqual([]);
    expect(said).toEqual([`Chromium is missing and the browser tests need it: run "sudo ${INSTALL_LINE}" (or set CHROMIUM_PATH to a Chromium binary), then run the tests again.`]);
  });

  it('stops with one line where there is no apt-get', () => {
    const { preflight, ran, said } = machine({ before: null, isRoot: true, hasApt: false });
    expect(ensureChromium(preflight)).toBeNull();
    expect(ran).toEqual([]);
    expect(said).toEqual([chromiumMissingLine({ root: true, apt: false })]);
    expect(said[0]).toContain('set CHROMIUM_PATH');
  });

  it('stops, saying so, when the install fails', () => {
    const { preflight, ran, said } = machine({ before: null, isRoot: true, hasApt: true, failing: 'update' });
    expect(ensureChromium(preflight)).toBeNull();
    expect(ran).toEqual(['apt-get update -qq']);
    expect(said.at(-1)).toBe(`Installing Chromium failed (see apt-get's output above): Chromium is missing and the browser tests need it: run "${INSTALL_LINE}" (or set CHROMIUM_PATH to a Chromium binary), then run the tests again.`);
  });

  it('takes CHROMIUM_PATH, then CHROME_PATH, then Debian’s paths, whichever exists', () => {
    expect(findChromium({ CHROMIUM_PATH: '/bin/sh' })).toBe('/bin/sh');
    expect(findChromium({ CHROMIUM_PATH: '/nowhere/chromium', CHROME_PATH: '/bin/sh' })).toBe('/bin/sh');
  });
});

describe('npm test without Chromium, where it cannot install it', () => {
  it('is the command npm test runs', () => {
    expect(JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).scripts.test).toBe('node --import tsx server/test/test-command.ts');
  });

  it('stops before the type-check and any test with the one line, exit code 1', () => {
    // Not root (as root, the test runs it as nobody), so no install is tried; Chromium looked for only where it is not.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/test/test-command.ts'], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), OPENNEST_CHROMIUM_CANDIDATES: '/nowhere/chromium' },
      ...(process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: `Chromium is missing and the browser tests need it: run "sudo ${INSTALL_LINE}" (or set CHROMIUM_PATH to a Chromium binary), then run the tests again.\n`,
    });
  });
});
