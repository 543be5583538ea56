// `npm start`: builds the web client only when its sources changed since the
// last build (client/build/client-build-stamp.ts), then runs the server
// (server/main.ts), which prints how long the whole start took.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtFromHash, clientSourceHash, writeBuildStamp } from './client/build/client-build-stamp';

const startedAt = Date.now();
const projectRoot = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(projectRoot, 'client', 'dist');

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: 'inherit' });
    child.once('error', reject);
    // Ctrl-C reaches the child through the terminal; a SIGTERM sent to us is passed on.
    const forward = () => child.kill('SIGTERM');
    process.once('SIGTERM', forward);
    child.once('exit', (code, signal) => {
      process.removeListener('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<number> {
  const sources = await clientSourceHash(projectRoot);
  if ((await builtFromHash(distDir)) === sources) {
    process.stdout.write('Client build is up to date with its sources; not rebuilding.\n');
  } else {
    process.stdout.write('Client sources changed since the last build (or no build yet): building the client...\n');
    const buildStart = Date.now();
    const code = await run(process.execPath, [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], process.env);
    if (code !== 0) return code;
    await writeBuildStamp(distDir, sources);
    process.stdout.write(`Client built in ${((Date.now() - buildStart) / 1000).toFixed(1)} s.\n`);
  }
  return run(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], { ...process.env, OPENNEST_START_TIME: String(startedAt) });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
