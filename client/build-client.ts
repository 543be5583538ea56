// A production build of the client into a folder of its own, for tests that
// check what a build with (or without) Stripe keys contains or does.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { builtFromHash, clientSourceHash, writeBuildStamp } from './build/client-build-stamp';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** The environment `npm run build` gives vite, with STRIPE_* keys when `stripeKeys` is true and none otherwise. */
function buildEnv(stripeKeys: boolean): NodeJS.ProcessEnv {
  // NODE_ENV as `npm run build` has it: Jest sets "test", which would give React's development build.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined };
  if (stripeKeys) Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_build_check', STRIPE_PUBLISHABLE_KEY: 'pk_test_build_check' });
  return env;
}

/** `vite build` (no source maps) into `outDir`, with STRIPE_* keys in its environment when `stripeKeys` is true and none otherwise. */
export async function buildClient(outDir: string, { stripeKeys }: { stripeKeys: boolean }): Promise<void> {
  const viteCli = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  await promisify(execFile)(
    process.execPath,
    [viteCli, 'build', '--config', 'client/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'error'],
    { cwd: projectRoot, env: buildEnv(stripeKeys) },
  );
}

/**
 * Kept for later runs, outside the project: the app never serves files from a path
 * with a dot-folder in it (node_modules/.cache would be one). One per checkout.
 */
const CACHE_DIR = path.join(tmpdir(), `opennest-client-builds-${createHash('sha256').update(projectRoot).digest('hex').slice(0, 12)}`);

/**
 * The folder of a buildClient build of the sources as they are now, made once
 * and shared: by every test file that asks for it (in any Jest worker: the
 * first builds while the others wait) and by later runs, until a client source,
 * common/ or the lockfile changes (client-build-stamp.ts). Read it; never write
 * into it.
 */
export async function sharedClientBuild({ stripeKeys }: { stripeKeys: boolean }): Promise<string> {
  const outDir = path.join(CACHE_DIR, stripeKeys ? 'stripe' : 'local');
  const sources = await clientSourceHash(projectRoot, buildEnv(stripeKeys));
  if ((await builtFromHash(outDir)) === sources) return outDir;
  await mkdir(CACHE_DIR, { recursive: true });
  const release = await lock(`${outDir}.lock`);
  try {
    // Another worker may have built it while this one waited.
    if ((await builtFromHash(outDir)) === sources) return outDir;
    const building = `${outDir}.building-${process.pid}`;
    try {
      await buildClient(building, { stripeKeys });
      await writeBuildStamp(building, sources);
      await rm(outDir, { recursive: true, force: true });
      await rename(building, outDir);
    } finally {
      await rm(building, { recursive: true, force: true });
    }
    return outDir;
  } finally {
    await release();
  }
}

/** A lock between processes: a file made only if absent, holding its owner's pid; an owner that died leaves no lock that counts. */
async function lock(file: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(await readFile(file, 'utf8').catch(() => ''));
    if (owner && !processExists(owner)) await rm(file, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

