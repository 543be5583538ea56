// A production build of the client into a folder of its own, for tests that
// check what a build with (or without) Stripe keys contains or does.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** `vite build` (no source maps) into `outDir`, with STRIPE_* keys in its environment when `stripeKeys` is true and none otherwise. */
export async function buildClient(outDir: string, { stripeKeys }: { stripeKeys: boolean }): Promise<void> {
  // NODE_ENV as `npm run build` has it: Jest sets "test", which would give React's development build.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined };
  if (stripeKeys) Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_build_check', STRIPE_PUBLISHABLE_KEY: 'pk_test_build_check' });
  const viteCli = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  await promisify(execFile)(
    process.execPath,
    [viteCli, 'build', '--config', 'client/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'error'],
    { cwd: projectRoot, env },
  );
}
