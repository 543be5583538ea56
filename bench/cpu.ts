// Who used the machine's CPUs during a measurement: this benchmark's process
// tree (itself, the app processes, PostgreSQL, the Auth emulator) or anything
// else running at the same time. Linux only (/proc); elsewhere it reports nothing.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';

interface Snapshot {
  at: number;
  /** Non-idle ticks of all CPUs. */
  busy: number;
  steal: number;
  /** CPU ticks of this process and its descendants, reaped ones included. */
  ours: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function processTable(): Map<number, { ppid: number; ticks: number }> {
  const table = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may contain spaces; fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime: a reaped child's time moves to its
      // parent, so connections and workers that end mid-run are still counted.
      table.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) });
    } catch {
      // exited meanwhile
    }
  }
  return table;
}

function snapshot(): Snapshot | null {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
    const table = processTable();
    const children = new Map<number, number[]>();
    for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    let ours = 0;
    const stack = [process.pid];
    while (stack.length) {
      const pid = stack.pop()!;
      ours += table.get(pid)?.ticks ?? 0;
      stack.push(...(children.get(pid) ?? []));
    }
    return { at: performance.now(), busy: user + nice + system + irq + softirq + steal, steal, ours };
  } catch {
    return null;
  }
}

export interface CpuUse {
  /** Shares of the machine's total CPU capacity over the window (0..1). */
  ours: number;
  others: number;
  steal: number;
}

/** Starts a window; the returned function ends it. */
export function cpuWindow(): () => CpuUse | null {
  const start = snapshot();
  return () => {
    const end = snapshot();
    if (!start || !end) return null;
    const capacity = ((end.at - start.at) / 1000) * TICKS_PER_SECOND * os.cpus().length;
    if (capacity <= 0) return null;
    const ours = (end.ours - start.ours) / capacity;
    const busy = (end.busy - start.busy) / capacity;
    return { ours, others: Math.max(0, busy - ours), steal: (end.steal - start.steal) / capacity };
  };
}

export const describeCpu = (use: CpuUse | null) =>
  use ? `CPU: benchmark ${(use.ours * 100).toFixed(0)} %, other processes ${(use.others * 100).toFixed(0)} %, steal ${(use.steal * 100).toFixed(0)} % of ${os.cpus().length} CPUs` : 'CPU use: n/a';
