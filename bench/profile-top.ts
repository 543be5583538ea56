// `npx tsx bench/profile-top.ts <dir or .cpuprofile> [count]`: the top
// functions of V8 CPU profiles (as written by BENCH_APP_NODE_ARGS=--cpu-prof),
// by self time and by total (inclusive) time, as shares of the busy time (idle
// excluded). Several profiles in a directory are summed.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileTop {
  busyMs: number;
  self: Array<{ name: string; ms: number; share: number }>;
  total: Array<{ name: string; ms: number; share: number }>;
}

function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  if (!url) return functionName || '(anonymous)';
  const short = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*\/(server|common)\//, '$1/');
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
}

const IDLE = new Set(['(idle)']);

export function summariseProfiles(profiles: CpuProfile[], count: number): ProfileTop {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const nodeSelf = new Map<number, number>();
    profile.samples.forEach((id, i) => nodeSelf.set(id, (nodeSelf.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    for (const [id, ms] of nodeSelf) {
      const node = byId.get(id)!;
      const name = frameName(node.callFrame);
      if (IDLE.has(node.callFrame.functionName)) continue;
      busy += ms;
      self.set(name, (self.get(name) ?? 0) + ms);
      // Every distinct function on the stack gets this time once (recursion counted once).
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = frameName(byId.get(at)!.callFrame);
        if (frame === '(root)' || seen.has(frame)) continue;
        seen.add(frame);
        total.set(frame, (total.get(frame) ?? 0) + ms);
      }
    }
  }
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms, share: ms / busy }));
  return { busyMs: busy, self: top(self), total: top(total) };
}

function main() {
  const [target, countArg] = process.argv.slice(2);
  if (!target) throw new Error('usage: profile-top.ts <dir or .cpuprofile> [count]');
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(target, f))
    : [target];
  const summary = summariseProfiles(
    files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as CpuProfile),
    Number(countArg ?? 20),
  );
  const print = (title: string, rows: ProfileTop['self']) => {
    process.stdout.write(`\n${title}\n`);
    for (const row of rows) process.stdout.write(`${(row.share * 100).toFixed(1).padStart(5)} %  ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}\n`);
  };
  process.stdout.write(`${files.length} profile(s), ${(summary.busyMs / 1000).toFixed(1)} s busy (idle excluded)\n`);
  print('self time', summary.self);
  print('total time (inclusive)', summary.total);
}

main();
