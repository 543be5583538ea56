// `npm start`: checks the Node version first (server/infra/node-version.ts),
// builds the web client only when its sources changed since the last build
// (client/build/client-build-stamp.ts), then runs the server (server/main.ts),
// which prints how long the whole start took.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientUnlessCurrent } from './client/build/client-build-stamp';
import { nodeVersionProblem, wantedNodeVersion } from './server/infra/node-version';

const startedAt = Date.now();
const projectRoot = path.dirname(fileURLToPath(import.meta.url));

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
  const versionProblem = nodeVersionProblem(process.versions.node, wantedNodeVersion(projectRoot));
  if (versionProblem) {
    process.stderr.write(`${versionProblem}\n`);
    return 1;
  }
  const built = await buildClientUnlessCurrent(projectRoot, (line) => process.stdout.write(`${line}\n`));
  if (built !== 0) return built;
  return run(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], { ...process.env, OPENNEST_START_TIME: String(startedAt) });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
