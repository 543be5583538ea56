// `npm run typecheck` (and the first step of `npm test`): every TypeScript
// project of the repository, two compilers at a time, each incremental (its
// state kept in node_modules/.cache/opennest/tsc), so that a second run only
// re-checks what changed. Prints each project's errors together; exits non-zero
// when any project has one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each side with its own configuration (tsconfig.json only references them, for editors). */
export const TYPESCRIPT_PROJECTS = ['common', 'server', 'client', 'client/tsconfig.node.json'];

function checkProject(project: string): Promise<{ project: string; code: number; output: string }> {
  const buildInfo = path.join(projectRoot, 'node_modules', '.cache', 'opennest', 'tsc', `${project.replaceAll('/', '-')}.tsbuildinfo`);
  const tsc = path.join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

/** Type-checks every project, `parallel` at a time; resolves with 0 when all pass. */
export async function typecheck({ parallel = 2 } = {}): Promise<number> {
  const queue = [...TYPESCRIPT_PROJECTS];
  let failed = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let project = queue.shift(); project; project = queue.shift()) {
        const result = await checkProject(project);
        if (result.code !== 0) {
          failed += 1;
          process.stderr.write(`Type errors in ${result.project}:\n${result.output}\n`);
        }
      }
    }),
  );
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  typecheck().then((code) => process.exit(code));
}
