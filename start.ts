// `npm start`: checks the Node version first (server/infra/node-version.ts),
// builds the web client only when its sources changed since the last build
// (client/build/client-build-stamp.ts), then runs the server (server/main.ts),
// which prints how long the whole start took.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientUnlessCurrent } from './client/build/client-build-stamp';
import { runToExit } from './server/local-services/child-process';
import { nodeVersionProblem, wantedNodeVersion } from './server/infra/node-version';
import { API_NODE_FLAGS } from './server/infra/api-node-flags';

const startedAt = Date.now();
const projectRoot = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<number> {
  const versionProblem = nodeVersionProblem(process.versions.node, wantedNodeVersion(projectRoot));
  if (versionProblem) {
    process.stderr.write(`${versionProblem}\n`);
    return 1;
  }
  const built = await buildClientUnlessCurrent(projectRoot, (line) => process.stdout.write(`${line}\n`));
  if (built !== 0) return built;
  return runToExit(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', path.join('server', 'main.ts')], { cwd: projectRoot, env: { ...process.env, OPENNEST_START_TIME: String(startedAt) } });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
