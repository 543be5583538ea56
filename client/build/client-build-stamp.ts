// Whether client/dist is the build of the client sources as they are now: a
// hash of everything that changes what `vite build` writes (the client's
// sources and build tooling, common/, the lockfile, and the environment the
// build reads), kept next to the build in client/dist/.build-stamp.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files and folders (relative to the project root) whose content goes into the build. */
const INPUTS = ['client', 'common', 'package-lock.json'];
/** Never inputs: the build itself, dependencies, tests. */
const IGNORED = /(^|\/)(dist|node_modules)(\/|$)|\.test\.tsx?$/;
const STAMP_FILE = '.build-stamp';

/**
 * The environment the build reads (client/vite.config.ts): only whether a Stripe
 * secret key is set (the local card form is left out then) — never the key itself —
 * and NODE_ENV (React's production or development build).
 */
function buildEnvironment(env: NodeJS.ProcessEnv): string {
  return JSON.stringify({ stripeKeys: Boolean(env.STRIPE_SECRET_KEY), nodeEnv: env.NODE_ENV ?? 'production' });
}

async function filesUnder(root: string, relative: string): Promise<string[]> {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { withFileTypes: true }).catch(() => null);
  if (!entries) return [relative];
  const nested = await Promise.all(
    entries.map((entry) => {
      const child = path.posix.join(relative, entry.name);
      if (IGNORED.test(child)) return [];
      return entry.isDirectory() ? filesUnder(root, child) : [child];
    }),
  );
  return nested.flat();
}

/** The hash of the client build's inputs now. */
export async function clientSourceHash(projectRoot: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const hash = createHash('sha256').update(buildEnvironment(env));
  const files = (await Promise.all(INPUTS.map((input) => filesUnder(projectRoot, input)))).flat().sort();
  for (const file of files) {
    hash.update(`\0${file}\0`);
    hash.update(await readFile(path.join(projectRoot, file)));
  }
  return hash.digest('hex');
}

/** The hash the build in `distDir` was made from, or null when there is no (finished) build. */
export async function builtFromHash(distDir: string): Promise<string | null> {
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  return (await readFile(path.join(distDir, STAMP_FILE), 'utf8').catch(() => '')).trim() || null;
}

export async function writeBuildStamp(distDir: string, hash: string): Promise<void> {
  await writeFile(path.join(distDir, STAMP_FILE), `${hash}\n`);
}

/**
 * Builds the client into client/dist (as `npm run build` does) unless it already
 * is the build of the sources as they are now; stamps a new build. `npm start`
 * and `npm test` both begin here. Resolves with vite's exit code (0 when there
 * was nothing to do).
 */
export async function buildClientUnlessCurrent(projectRoot: string, say: (line: string) => void): Promise<number> {
  const distDir = path.join(projectRoot, 'client', 'dist');
  const sources = await clientSourceHash(projectRoot);
  if ((await builtFromHash(distDir)) === sources) {
    say('Client build is up to date with its sources; not rebuilding.');
    return 0;
  }
  say('Client sources changed since the last build (or no build yet): building the client...');
  const buildStart = Date.now();
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' });
    child.once('error', reject);
    // A SIGTERM sent to us (Ctrl-C reaches the child through the terminal) is passed on.
    const forward = () => child.kill('SIGTERM');
    process.once('SIGTERM', forward);
    child.once('exit', (exitCode, signal) => {
      process.removeListener('SIGTERM', forward);
      resolve(exitCode ?? (signal ? 1 : 0));
    });
  });
  if (code !== 0) return code;
  await writeBuildStamp(distDir, sources);
  say(`Client built in ${((Date.now() - buildStart) / 1000).toFixed(1)} s.`);
  return 0;
}

// `node --import tsx client/build/client-build-stamp.ts`: the same step on its own (npm test runs it so).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  buildClientUnlessCurrent(projectRoot, (line) => process.stderr.write(`${line}\n`)).then((code) => process.exit(code));
}
