// `npm start` on another Node than the one OpenNest runs on says at once which
// Node it needs and how to get it (.ci/use-node.sh), and starts nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeVersionProblem, wantedNodeVersion } from './node-version';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const wanted = wantedNodeVersion(projectRoot);

describe('the Node version check', () => {
  it('wants the version .ci/use-node.sh installs, which package.json engines accept', () => {
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    const engines = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).engines.node;
    expect(engines).toBe(`>=${wanted} <${Number(wanted.split('.')[0]) + 1}`);
  });

  it.each(['24.21.0', 'v24.21.0', '24.21.3', '24.22.0'])('accepts Node %s', (running) => {
    expect(nodeVersionProblem(running, '24.21.0')).toBeNull();
  });

  it.each(['20.20.2', '24.20.9', '24.9.0', '22.22.0', '25.0.0', '26.1.0'])('refuses Node %s, naming the Node it needs and the line that gets it', (running) => {
    expect(nodeVersionProblem(running, '24.21.0')).toBe(
      `OpenNest needs Node 24.21.0 (or a later 24.x); this is Node ${running}.\n` +
        "Get it with:  source .ci/use-node.sh   (puts Node 24.21.0 first on this shell's PATH, installing it from the npm registry when missing), then run the command again.",
    );
  });
});

// The machine's own Node, where it is not the one wanted (Debian's is 20 on the project's machines).
const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find((candidate) => existsSync(candidate) && spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim() !== `v${wanted}`);

(machineNode ? describe : describe.skip)(`npm start on the machine's own Node (${machineNode})`, () => {
  it('is the command npm start runs', () => {
    expect(JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).scripts.start).toBe('node --import tsx start.ts');
  });

  it('says at once what Node it needs and how to get it, exits 1 and builds and starts nothing', () => {
    const started = spawnSync(machineNode!, ['--import', 'tsx', 'start.ts'], { cwd: projectRoot, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    const running = spawnSync(machineNode!, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
    expect({ status: started.status, stdout: started.stdout, stderr: started.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: `${nodeVersionProblem(running, wanted)}\n`,
    });
  });
});
