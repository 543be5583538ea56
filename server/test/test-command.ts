// `npm test` and `npm run test:changed`, in this order:
//   1. the Node version (as `npm start` checks it);
//   2. Chromium, when browser tests will run: found, or installed from Debian's
//      archive as root, or one line that says what to run and no test at all;
//   3. the type-check (incremental) and, for browser tests, the client build
//      (skipped when client/dist is the build of the current sources), at once;
//   4. Jest, with every argument given after `--` (`npm test -- server/offers`).
// `--changed[=<git ref>]` (test:changed) runs only the tests related to the files
// changed since the ref (default: where this branch left main), uncommitted and
// new files included: Jest's related tests by import, plus every browser suite
// when the client, common/ or the browser harness changed; the whole suite when
// something no test imports changed (migrations, the Jest configuration, ...).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, machinePreflight } from '../../e2e/chromium';
import { runToExit } from '../local-services/child-process';
import { nodeVersionProblem, wantedNodeVersion } from '../infra/node-version';
import { typecheck } from './typecheck';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const jestBin = path.join(projectRoot, 'node_modules', 'jest', 'bin', 'jest.js');
const say = (line: string) => process.stderr.write(`${line}\n`);

/** The browser suites (e2e/) and the harness's own test, which drives Chromium too: jest.config.ts, project "browser". */
const isBrowserTest = (file: string) => /^(e2e\/.*\.e2e\.test\.ts|server\/test\/harness\.test\.ts)$/.test(file);
/** Changes that reach the browser suites without an import they could follow: the built client and the browser harness. */
const reachesBrowserSuites = (file: string) => /^(client|common|e2e)\//.test(file);
/** Changes no test imports and that need no test: documentation. */
const needsNoTest = (file: string) => /\.md$/.test(file) || file.startsWith('docs/');
/** Source that Jest can relate to tests through imports. */
const isImported = (file: string) => /\.(ts|tsx|js|mjs|cjs|json)$/.test(file) && !/^(package(-lock)?\.json|jest\.config\.ts|tsconfig[^/]*\.json)$/.test(file);

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: projectRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
}

/** Files changed since `base` (committed or not) and files git does not track yet, relative to the project root. */
export function changedFiles(base: string): string[] {
  let since: string;
  try {
    since = git(['merge-base', base, 'HEAD']).trim();
  } catch (error) {
    // A fresh clone has origin/main but no local main.
    if (base !== 'main') throw error;
    since = git(['merge-base', 'origin/main', 'HEAD']).trim();
  }
  const files = [...git(['diff', '--name-only', since]).split('\n'), ...git(['ls-files', '--others', '--exclude-standard']).split('\n')];
  return [...new Set(files.filter(Boolean))].sort();
}

/** The test files Jest relates to `files` through imports (test files relate to themselves). */
function relatedTests(files: string[]): string[] {
  if (files.length === 0) return [];
  const listed = spawnSync(process.execPath, ['--experimental-vm-modules', jestBin, '--listTests', '--json', '--findRelatedTests', ...files], { cwd: projectRoot, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`jest --listTests: ${listed.stderr}`);
  return (JSON.parse(listed.stdout.slice(listed.stdout.indexOf('['))) as string[]).map((file) => path.relative(projectRoot, file));
}

function allBrowserTests(): string[] {
  return git(['ls-files', '--cached', '--others', '--exclude-standard', 'e2e']).split('\n').filter(isBrowserTest);
}

/** What test:changed runs: null for everything, else the test files (maybe none). */
export function testsForChanges(changed: string[], related: (files: string[]) => string[] = relatedTests): { tests: string[] | null; why: string } {
  const relevant = changed.filter((file) => !needsNoTest(file));
  const unrelatable = relevant.filter((file) => !isImported(file));
  if (unrelatable.length > 0) return { tests: null, why: `${unrelatable.slice(0, 3).join(', ')}${unrelatable.length > 3 ? ', ...' : ''} changed, which no test imports: running every test` };
  const tests = new Set(related(relevant.filter((file) => existsSync(path.join(projectRoot, file)))));
  if (relevant.some(reachesBrowserSuites)) for (const file of allBrowserTests()) tests.add(file);
  return { tests: [...tests].sort(), why: `${relevant.length} changed file(s) relate to ${tests.size} test file(s)` };
}

/**
 * Jest's environment: Node's on-disk code cache for every Node process of the run (Jest's workers,
 * app processes, the emulator, the mail server): each compiles its modules once per change, not once per start.
 */
export const jestEnvironment = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({ NODE_COMPILE_CACHE: path.join(projectRoot, 'node_modules', '.cache', 'opennest', 'node-compile-cache'), ...env });

function runJest(args: string[]): Promise<number> {
  return runToExit(process.execPath, ['--experimental-vm-modules', jestBin, ...args], { cwd: projectRoot, env: jestEnvironment() });
}

/** client/build/client-build-stamp.ts's step (as npm start takes it), in its own process: server code imports no client code. */
/**
 * The Redis store's cases of server/rate-limits/leases.test.ts need Debian's
 * redis-server (the test starts its own on a free port). Where it is missing it
 * is installed as Chromium is (root, apt-get); elsewhere those cases are skipped,
 * and this line and the test say why.
 */
function ensureRedisServer(): void {
  const installed = () => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  if (installed()) return;
  const preflight = machinePreflight();
  if (!preflight.isRoot || !preflight.hasApt) {
    say('redis-server is missing ("apt-get install redis-server" adds it): the Redis rate-limit cases will be skipped.');
    return;
  }
  say("redis-server is missing: installing Debian's redis-server package (apt-get) for the Redis rate-limit cases...");
  const done = preflight.run('apt-get', ['update', '-qq']) === 0 && preflight.run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server']) === 0 && installed();
  if (!done) say("Installing redis-server failed (see apt-get's output above): the Redis rate-limit cases will be skipped.");
}

const buildClientUnlessCurrent = () => runToExit(process.execPath, ['--import', 'tsx', path.join('client', 'build', 'client-build-stamp.ts')], { cwd: projectRoot });

async function main(argv: string[]): Promise<number> {
  const versionProblem = nodeVersionProblem(process.versions.node, wantedNodeVersion(projectRoot));
  if (versionProblem) return say(versionProblem), 1;

  const changedFlag = argv.find((arg) => arg === '--changed' || arg.startsWith('--changed='));
  let jestArgs = argv.filter((arg) => arg !== changedFlag);
  // Browser tests run unless the arguments pick other projects, or name test paths and none of the browser project's.
  const paths = jestArgs.filter((arg) => !arg.startsWith('-') && /[/.]/.test(arg));
  let browserTestsRun = (!jestArgs.includes('--selectProjects') || jestArgs.includes('browser')) && (paths.length === 0 || paths.some((arg) => /e2e|harness/.test(arg)));
  if (changedFlag) {
    const base = changedFlag.includes('=') ? changedFlag.slice('--changed='.length) : 'main';
    const changed = changedFiles(base);
    const { tests, why } = testsForChanges(changed);
    say(`test:changed (since ${base}): ${why}.`);
    if (tests?.length === 0) return 0;
    if (tests) {
      jestArgs = [...jestArgs, '--runTestsByPath', ...tests];
      browserTestsRun = tests.some(isBrowserTest);
    }
  }

  if (browserTestsRun && !ensureChromium(machinePreflight())) return 1;
  const onlyUnitTests = jestArgs.includes('--selectProjects') && !jestArgs.includes('integration');
  if (!onlyUnitTests) ensureRedisServer();
  const [typesChecked, clientBuilt] = await Promise.all([typecheck(), browserTestsRun ? buildClientUnlessCurrent() : 0]);
  if (typesChecked !== 0 || clientBuilt !== 0) return 1;
  return runJest(jestArgs);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
