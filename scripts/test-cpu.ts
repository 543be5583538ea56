// `npm run test:cpu -- <Jest arguments>`: runs Jest (as `npm test` does after its
// type-check and build, in the same environment) and says where the CPU went, by kind of process: Jest's
// own processes, Chromium's renderers and its other processes, PostgreSQL, the
// Auth emulator, the mail server, app processes. docs/testing.md explains why
// CPU, not wall time, is the figure to compare on a shared machine: on 2 cores
// a run takes at least its CPU time / 2, however its files are spread.
//
// `/usr/bin/time` and `process.cpuUsage` of the children count only the
// processes their parent waited for; Chromium's renderers and the emulator's
// helpers are not among them (a browser file's Chromium CPU went mostly
// uncounted). This samples every descendant's CPU time from /proc instead
// (Linux only), every SAMPLE_MS, keeping each process's last figure: a process's
// last SAMPLE_MS before it exits is missed, so the totals are slightly low.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jestEnvironment } from '../server/test/test-command';

const SAMPLE_MS = 250;
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux Node supports

export interface ProcessSample {
  pid: number;
  ppid: number;
  /** user + system CPU seconds so far */
  cpuSeconds: number;
  commandLine: string;
}

/** The kind a process is counted under, from its command line. */
export function processKind(commandLine: string): string {
  // Jest first: its command line may name test files that name the others (auth-emulator-restart.test.ts).
  if (/jest-worker|jest\/bin\/jest\.js|processChild/.test(commandLine)) return 'Jest (runner and workers)';
  if (/chrom(e|ium)/.test(commandLine)) {
    const type = /--type=([a-z-]+)/.exec(commandLine)?.[1];
    if (type === 'renderer') return 'Chromium renderers';
    if (type === 'gpu-process') return 'Chromium GPU process';
    return 'Chromium browser and utilities';
  }
  if (/(^|\/)postgres( |$)|postgres:/.test(commandLine)) return 'PostgreSQL';
  if (/firebase|auth-emulator/.test(commandLine)) return 'Auth emulator';
  if (/maildev|mail-server/.test(commandLine)) return 'Mail server';
  if (/\bnode\b|tsx/.test(commandLine)) return 'Other Node processes (app processes, tools)';
  return 'Other';
}

/** /proc/<pid>/stat and cmdline of every process, or null for one that exited meanwhile. */
function readProcess(pid: number): ProcessSample | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, commandLine };
  } catch {
    return null;
  }
}

/** `root` and every process descended from it. */
export function descendants(root: number, all: ProcessSample[]): ProcessSample[] {
  const children = new Map<number, ProcessSample[]>();
  for (const sample of all) children.set(sample.ppid, [...(children.get(sample.ppid) ?? []), sample]);
  const found: ProcessSample[] = [];
  const queue = all.filter((sample) => sample.pid === root);
  while (queue.length > 0) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return found;
}

/** CPU seconds by kind, from each process's last sample (a process keeps the command line it was first seen with: an exiting one shows none). */
export function cpuByKind(lastSamples: Iterable<ProcessSample>): Array<{ kind: string; cpuSeconds: number }> {
  const totals = new Map<string, number>();
  for (const sample of lastSamples) {
    const kind = processKind(sample.commandLine);
    totals.set(kind, (totals.get(kind) ?? 0) + sample.cpuSeconds);
  }
  return [...totals].map(([kind, cpuSeconds]) => ({ kind, cpuSeconds })).sort((a, b) => b.cpuSeconds - a.cpuSeconds);
}

function sampleTree(root: number, last: Map<number, ProcessSample>): void {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((sample): sample is ProcessSample => sample !== null);
  for (const sample of descendants(root, all)) {
    const seen = last.get(sample.pid);
    last.set(sample.pid, { ...sample, commandLine: seen?.commandLine || sample.commandLine });
  }
}

export function report(rows: Array<{ kind: string; cpuSeconds: number }>, wallSeconds: number): string {
  const total = rows.reduce((sum, row) => sum + row.cpuSeconds, 0);
  const width = Math.max(...rows.map((row) => row.kind.length), 'Total CPU'.length);
  const line = (label: string, seconds: number, share = '') => `  ${label.padEnd(width)}  ${seconds.toFixed(1).padStart(8)} s ${share}`;
  return [
    'CPU by kind of process (user + system, sampled from /proc):',
    ...rows.map((row) => line(row.kind, row.cpuSeconds, `${((100 * row.cpuSeconds) / (total || 1)).toFixed(0).padStart(3)} %`)),
    line('Total CPU', total),
    line('Wall time', wallSeconds),
    `  On a quiet 2-core machine this run takes at least ${(total / 2).toFixed(0)} s (CPU / 2).`,
  ].join('\n');
}

async function main(args: string[]): Promise<number> {
  const reportFile = args.find((arg) => arg.startsWith('--cpu-report='))?.slice('--cpu-report='.length);
  const jestArgs = args.filter((arg) => !arg.startsWith('--cpu-report='));
  const started = Date.now();
  const child = spawn(process.execPath, ['--experimental-vm-modules', path.join(projectRoot, 'node_modules', 'jest', 'bin', 'jest.js'), ...jestArgs], { cwd: projectRoot, env: jestEnvironment(), stdio: 'inherit' });
  const last = new Map<number, ProcessSample>();
  const sampler = setInterval(() => child.pid && sampleTree(child.pid, last), SAMPLE_MS);
  const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? 1)));
  clearInterval(sampler);
  const wallSeconds = (Date.now() - started) / 1000;
  const rows = cpuByKind(last.values());
  process.stderr.write(`\n${report(rows, wallSeconds)}\n`);
  if (reportFile) writeFileSync(reportFile, `${JSON.stringify({ args: jestArgs, wallSeconds, rows }, null, 2)}\n`);
  return code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
