// The test harness itself: a Jest run whose suites fail in their setup still
// releases everything they started, exits soon after its last result, and
// leaves no process and no listening port behind. It runs Jest (the project's
// own configuration, in band: the case where anything left open keeps Jest
// alive) on the files in harness-checks/, which fail on purpose, and watches
// every process that run starts.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../config';

/** The bound between Jest's last result and its exit. */
const EXIT_BOUND_MS = 30_000;

interface ProcessSeen {
  pid: number;
  /** Start time in clock ticks since boot: a reused pid has another. */
  startTicks: string;
  command: string;
}

function readStat(pid: number): { ppid: number; startTicks: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), startTicks: fields[19] };
  } catch {
    return null; // gone meanwhile
  }
}

/** Every process below `root` now (children, theirs, ...). */
function descendantsOf(root: number): ProcessSeen[] {
  const children = new Map<number, number[]>();
  const starts = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
    starts.set(Number(entry), stat.startTicks);
  }
  const found: ProcessSeen[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 160);
    } catch {
      continue;
    }
    found.push({ pid, startTicks: starts.get(pid)!, command });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Whether `seen` still runs (its pid not taken by a newer process). */
const stillRunning = (seen: ProcessSeen) => readStat(seen.pid)?.startTicks === seen.startTicks;

/** Whether something accepts connections at `url`'s host and port. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(2_000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

interface HarnessRun {
  code: number | null;
  output: string;
  /** From the line that ends Jest's summary to the exit (Infinity: no summary, or no exit before the harness stopped waiting). */
  exitAfterLastResultMs: number;
  processes: ProcessSeen[];
  /** The processes still running once Jest had exited (the harness test then kills them). */
  leftovers: ProcessSeen[];
  /** The addresses of the report that still accepted connections once Jest had exited. */
  stillListening: string[];
  report: { urls: string[]; appProcessPid: number };
}

/** How long the harness waits: for the summary, then for the exit after it (then it kills the run: the check has failed). */
const SUMMARY_WAIT_MS = 240_000;
const EXIT_WAIT_MS = EXIT_BOUND_MS + 30_000;

async function runJestOnHarnessChecks(): Promise<HarnessRun> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-harness-'));
  const reportFile = path.join(workDir, 'report.json');
  const env: NodeJS.ProcessEnv = { ...process.env, OPENNEST_HARNESS_CHECKS: '1', OPENNEST_HARNESS_REPORT: reportFile, FORCE_COLOR: '0' };
  // This worker's own run: the child starts its infrastructure afresh.
  for (const inherited of ['OPENNEST_TEST_ENV', 'FIREBASE_AUTH_EMULATOR_HOST', 'JEST_WORKER_ID']) delete env[inherited];
  const jest = spawn(process.execPath, ['--experimental-vm-modules', path.join(projectRoot, 'node_modules', 'jest', 'bin', 'jest.js'), '--selectProjects', 'browser', '--runInBand', '--ci'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const processes = new Map<string, ProcessSeen>();
  const watch = setInterval(() => {
    for (const seen of descendantsOf(jest.pid!)) {
      // A process may retitle itself (the Auth emulator does): keep every name it had.
      const known = processes.get(`${seen.pid}/${seen.startTicks}`);
      if (!known) processes.set(`${seen.pid}/${seen.startTicks}`, seen);
      else if (!known.command.includes(seen.command)) known.command += ` | ${seen.command}`;
    }
  }, 200);
  let output = '';
  let lastResultAt = 0;
  let giveUp = setTimeout(() => jest.kill('SIGKILL'), SUMMARY_WAIT_MS);
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!lastResultAt && /Ran all test suites/.test(output)) {
      lastResultAt = Date.now();
      clearTimeout(giveUp);
      giveUp = setTimeout(() => jest.kill('SIGKILL'), EXIT_WAIT_MS);
    }
  };
  jest.stdout.on('data', collect);
  jest.stderr.on('data', collect);
  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => jest.once('exit', (code, signal) => resolve({ code, signal })));
    const exitedAt = Date.now();
    clearTimeout(giveUp);
    const leftovers = [...processes.values()].filter(stillRunning);
    const report: HarnessRun['report'] = JSON.parse(await fs.readFile(reportFile, 'utf8').catch(() => '{"urls":[],"appProcessPid":0}'));
    const stillListening = [];
    for (const url of report.urls) if (await listening(url)) stillListening.push(url);
    // Whatever is left would outlive this test too.
    for (const leftover of leftovers) {
      try {
        process.kill(leftover.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    const exitAfterLastResultMs = lastResultAt && !signal ? exitedAt - lastResultAt : Number.POSITIVE_INFINITY;
    return { code, output, exitAfterLastResultMs, processes: [...processes.values()], leftovers, report, stillListening };
  } finally {
    clearInterval(watch);
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

describe('a Jest run whose suites fail in their setup', () => {
  let run: HarnessRun;
  beforeAll(async () => {
    run = await runJestOnHarnessChecks();
  }, 300_000);

  it('reports both failures and exits with failure', () => {
    expect(run.output).toContain('This setup fails here on purpose.');
    expect(run.output).toMatch(/FAIL browser server\/test\/harness-checks\/browser-launch-fails\.check\.ts/);
    expect(run.output).toMatch(/FAIL browser server\/test\/harness-checks\/setup-fails-half-way\.check\.ts/);
    expect(run.code).toBe(1);
  });

  it('releases what a half-done setup started (the browser session, a second app, an app process)', () => {
    const released = run.output.match(/\[test harness\] server\/test\/harness-checks\/setup-fails-half-way\.check\.ts left open, now released: (.*)/)?.[1] ?? '';
    expect(released).toContain('Chromium');
    expect(released).toContain(`app process of the failing setup (pid ${run.report.appProcessPid})`);
    expect(released.match(/test app http:\/\/127\.0\.0\.1:\d+/g)).toHaveLength(2);
    expect(released).not.toMatch(/not released|\(.*Error/);
  });

  it('closes the app itself when the browser cannot start, leaving nothing for the environment to release', () => {
    expect(run.output).toContain('browserType.launch');
    expect(run.output).not.toMatch(/browser-launch-fails\.check\.ts left open/);
  });

  it(`exits within ${EXIT_BOUND_MS / 1000} s of its last result`, () => {
    expect(run.exitAfterLastResultMs).toBeLessThan(EXIT_BOUND_MS);
  });

  it('leaves no process behind: PostgreSQL, the Auth emulator, the mail server, apps and Chromium have all exited', () => {
    // It did start them all (or the check below would prove nothing).
    const kinds = { PostgreSQL: /postgres -D/, 'Auth emulator': /emulators:start/, 'mail server': /maildev/, Chromium: /chromium/, 'app process': /server\/main\.ts/ };
    const notSeen = Object.entries(kinds).filter(([, command]) => !run.processes.some((seen) => command.test(seen.command)));
    const seen = run.processes.map(({ command }) => command);
    expect({ notSeen: notSeen.map(([kind]) => kind), seen }).toEqual({ notSeen: [], seen });
    expect(run.leftovers).toEqual([]);
  });

  it('leaves no port listening: not the apps, the app process, PostgreSQL, the Auth emulator or the mail server', () => {
    expect(run.report.urls).toHaveLength(7);
    expect(run.stillListening).toEqual([]);
  });
});
