// `npm run bench:web:trace`: where a phone's main thread goes on the pages
// `npm run bench:web` audits. Lighthouse's TBT is simulated from a fast load and
// names no task; this records a real Chromium performance trace of each page
// at 390 px with the CPU slowed 4x (Lighthouse's phone factor), and prints the
// blocking time after the first paint and every task over 50 ms with what it
// spent its time on: a script's evaluation (by chunk), a timer or promise
// callback, style recalculation, layout, garbage collection, and the start-up
// phases main.tsx marks (performance.mark 'opennest:…'). The median run's tasks
// are printed per page. See docs/session-and-speed.md, "Main-thread work".
//
// BENCH_WEB_RUNS (default 3) runs per page; BENCH_WEB_PAGES=allProperties,details
// measures some of the pages (home, allProperties, details, dashboard), as for bench:web;
// BENCH_WEB_TRACE_DIR keeps the traces; BENCH_WEB_TOP (default 15) how many parts and functions are listed.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { partOf } from '../../client/build/chunk-modules';
import { projectRoot } from '../../server/config';
import { clearHttpCache, finish, loadAverage, positiveInt, seconds, signIn, startBench } from './harness';

const RUNS = positiveInt('BENCH_WEB_RUNS', 3);
/** BENCH_WEB_TRACE_DIR keeps every trace there (Chrome DevTools' Performance panel opens them). */
const TRACE_DIR = process.env.BENCH_WEB_TRACE_DIR ? path.resolve(process.env.BENCH_WEB_TRACE_DIR) : null;
/** Lighthouse's mobile preset slows the CPU 4x. */
const CPU_SLOWDOWN = 4;
/** How long after `load` the trace goes on: deferred parts, hydration slices and late queries run then. */
const SETTLE_MS = 8_000;
/** A task longer than this blocks input (the TBT definition). */
const LONG_TASK_MS = 50;

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  // The sampling profiler: which code the JavaScript time of the long tasks ran (read through the build's source maps).
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { url?: string; functionName?: string; frame?: string; processId?: number; startTime?: number; cpuProfile?: CpuProfileChunk; timeDeltas?: number[] };
  };
}

/** A piece of V8's sampling profile as the trace carries it (ProfileChunk events). */
interface CpuProfileChunk {
  nodes?: Array<{ id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  samples?: number[];
}

interface LongTask {
  /** Milliseconds after the navigation started. */
  startMs: number;
  durationMs: number;
  /** Where its time went, largest first: [label, ms]. */
  parts: Array<[string, number]>;
}

interface TracedLoad {
  fcpMs: number;
  /** Blocking time (the part of each task over 50 ms) from the first contentful paint to the end of the trace. */
  blockingMs: number;
  mainThreadMs: number;
  longTasks: LongTask[];
  /** JavaScript time inside the long tasks after the first paint, by package or source folder: [part, ms]. */
  scriptParts: Array<[string, number]>;
  /** The same by function (its source file and name, from the source maps): [function, ms]. */
  scriptFunctions: Array<[string, number]>;
}

const chunkName = (url: string) => url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js') || url;

/** What an event's own time is counted as; null: its time goes to the labelled event around it. */
function labelOf(event: TraceEvent): string | null {
  const data = event.args?.data;
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return data?.url ? `evaluate ${chunkName(String(data.url))}` : 'evaluate';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.produceModuleCache':
      return 'compile';
    case 'RunTask':
    case 'ThreadControllerImpl::RunTask':
      return 'task';
    case 'FunctionCall':
      return data?.url ? `call ${chunkName(String(data.url))}${data.functionName ? ` ${data.functionName}` : ''}` : 'call';
    case 'TimerFire':
      return 'timer';
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'RunMicrotasks':
    case 'v8.runMicrotasks':
      return 'microtasks';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style recalculation';
    case 'Layout':
      return 'layout';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
      return 'paint';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'V8.GC_MARK_COMPACTOR':
      return 'garbage collection';
    case 'EventDispatch':
      return `event ${String(data?.type ?? '')}`.trim();
    default:
      return null;
  }
}

/** The renderer main thread that loaded `url` in the outermost frame. */
function mainThreadOf(events: TraceEvent[], url: string): { pid: number; tid: number } {
  const committed = events.filter((event) => event.name === 'FrameCommittedInBrowser' && event.args?.data?.url?.startsWith(url));
  const pid = committed.at(-1)?.args?.data?.processId ?? events.find((event) => event.name === 'navigationStart' && String(event.args?.data?.documentLoaderURL ?? '').startsWith(url))?.pid;
  if (pid === undefined) throw new Error(`the trace has no renderer for ${url}`);
  const thread = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain');
  if (!thread) throw new Error(`the trace has no main thread for renderer ${pid}`);
  return { pid, tid: thread.tid };
}

const sourceMaps = new Map<string, SourceMapConsumer | null>();

/** The build's source map of an emitted chunk (client/dist/assets/<file>.map), or null for code that is not ours. */
function sourceMapOf(url: string): SourceMapConsumer | null {
  const file = url.match(/\/assets\/([^/?#]+\.js)/)?.[1];
  if (!file) return null;
  if (!sourceMaps.has(file)) {
    let consumer: SourceMapConsumer | null = null;
    try {
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(path.join(projectRoot, 'client', 'dist', 'assets', `${file}.map`), 'utf8')) as RawSourceMap);
    } catch {
      consumer = null;
    }
    sourceMaps.set(file, consumer);
  }
  return sourceMaps.get(file)!;
}

/** A sampled frame as [part, function]: its package or source folder, and its file and original name. */
function frameOf(frame: { functionName: string; url: string; lineNumber: number; columnNumber: number }): [string, string] {
  if (!frame.url) return [frame.functionName || '(native)', frame.functionName || '(native)'];
  // A module's top-level code (its evaluation) has no name and starts the chunk.
  if (!frame.functionName && frame.lineNumber === 0 && frame.columnNumber === 0) return [chunkName(frame.url), `${chunkName(frame.url)} (its top-level code)`];
  const original = sourceMapOf(frame.url)?.originalPositionFor({ line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
  if (!original?.source) return [chunkName(frame.url), `${chunkName(frame.url)} ${frame.functionName || '(anonymous)'}`];
  const source = original.source.replace(/^(\.\.\/)+/, '/');
  return [partOf(source), `${source.replace(/^.*node_modules\//, '').replace(/^\/src\//, 'client/src/')} ${original.name ?? frame.functionName ?? ''}`.trim()];
}

/** One sample of V8's profiler: when (trace microseconds), how long it stands for, and the code it caught. */
interface Sample {
  time: number;
  ms: number;
  part: string;
  fn: string;
}

/** The JavaScript samples of one thread's sampling profile (idle time and the engine's own work left out). */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const samples: Sample[] = [];
  const nodes = new Map<number, { parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>();
  const profiles = new Set(events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid).map((event) => event.id));
  let time = events.find((event) => event.name === 'Profile' && profiles.has(event.id))?.args?.data?.startTime ?? 0;
  let previous: number | undefined;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !profiles.has(event.id)) continue;
    const chunk = event.args?.data?.cpuProfile ?? {};
    for (const node of chunk.nodes ?? []) nodes.set(node.id, node);
    const deltas = event.args?.data?.timeDeltas ?? [];
    (chunk.samples ?? []).forEach((nodeId, index) => {
      time += deltas[index] ?? 0;
      // A sample stands for the time since the one before it.
      const sampledUs = previous === undefined ? 0 : time - previous;
      previous = time;
      const frame = nodes.get(nodeId)?.callFrame;
      // '(program)' is the engine's own work between scripts (styles, layout: counted per task).
      if (!frame || ['(idle)', '(root)', '(program)'].includes(frame.functionName)) return;
      let [part, fn] = frameOf(frame);
      if (!frame.url) {
        // A browser function a script called (appendChild, fetch…): named with the script's function that called it.
        let caller = nodes.get(nodeId);
        while (caller && !caller.callFrame.url) caller = caller.parent === undefined ? undefined : nodes.get(caller.parent);
        if (caller) [part, fn] = [`${frame.functionName} (${frameOf(caller.callFrame)[0]})`, `${frame.functionName} ← ${frameOf(caller.callFrame)[1]}`];
      }
      samples.push({ time, ms: sampledUs / 1000, part, fn });
    });
  }
  return samples;
}

/** The largest totals of `key` over the samples in [start, end]. */
function largest(samples: Sample[], start: number, end: number, key: 'part' | 'fn', count: number): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const sample of samples) if (sample.time >= start && sample.time <= end) totals.set(sample[key], (totals.get(sample[key]) ?? 0) + sample.ms);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** Reads a trace: the first contentful paint, the tasks, and where each long task's time went. */
export function analyseTrace(events: TraceEvent[], url: string): TracedLoad {
  const { pid, tid } = mainThreadOf(events, url);
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid);
  // Chromium sometimes leaves the renderer's navigationStart out of a trace; the browser's commit of the frame is a few ms later.
  const navigation =
    onMain.filter((event) => event.name === 'navigationStart' && String(event.args?.data?.documentLoaderURL ?? '').startsWith(url)).at(-1) ??
    events.filter((event) => event.name === 'FrameCommittedInBrowser' && event.args?.data?.url?.startsWith(url)).at(-1);
  if (!navigation) throw new Error(`the trace has no navigation to ${url}`);
  const fcp = onMain.find((event) => event.name === 'firstContentfulPaint' && event.ts >= navigation.ts);
  if (!fcp) throw new Error(`the trace has no first contentful paint for ${url}`);
  // main.tsx's marks (instants) and measures (async begin/end pairs): 'styling system 120 ms'.
  const userTiming = events.filter((event) => event.pid === pid && event.cat.includes('blink.user_timing') && event.name.startsWith('opennest:'));
  const marks = userTiming
    .filter((event) => event.ph === 'R' || event.ph === 'I' || event.ph === 'n' || event.ph === 'b')
    .map((event) => {
      const end = event.ph === 'b' ? userTiming.find((other) => other.ph === 'e' && other.name === event.name && other.id === event.id && other.ts >= event.ts) : undefined;
      return { ts: event.ts, name: `${event.name.slice('opennest:'.length)}${end ? ` ${Math.round((end.ts - event.ts) / 1000)} ms` : ''}` };
    });
  const tasks = onMain.filter((event) => event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.ts >= navigation.ts);
  // Nested RunTask events (a task inside a task) are not tasks of their own.
  const topTasks = tasks.filter((task, index) => !tasks.slice(0, index).some((outer) => outer.ts <= task.ts && outer.ts + outer.dur! >= task.ts + task.dur! && outer !== task));
  const slices = onMain.filter((event) => event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const ms = (us: number) => us / 1000;
  const samples = samplesOf(events, pid, tid);
  const scriptParts = new Map<string, number>();
  const scriptFunctions = new Map<string, number>();
  let blockingMs = 0;
  let mainThreadMs = 0;
  const longTasks: LongTask[] = [];
  for (const task of topTasks) {
    const durationMs = ms(task.dur!);
    mainThreadMs += durationMs;
    if (task.ts >= fcp.ts) blockingMs += Math.max(0, durationMs - LONG_TASK_MS);
    if (durationMs < LONG_TASK_MS) continue;
    const end = task.ts + task.dur!;
    const inside = slices.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= end);
    // Each event's own time (minus the events nested in it), counted under the nearest labelled event around it.
    const parts = new Map<string, number>();
    const stack: Array<{ event: TraceEvent; label: string }> = [];
    const own = new Map<TraceEvent, number>(inside.map((event) => [event, event.dur!]));
    let taskOwn = task.dur!;
    for (const event of inside) {
      while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1)?.event;
      if (parent) own.set(parent, own.get(parent)! - event.dur!);
      else taskOwn -= event.dur!;
      stack.push({ event, label: labelOf(event) ?? stack.at(-1)?.label ?? event.name });
    }
    stack.length = 0;
    for (const event of inside) {
      while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts) stack.pop();
      const label = labelOf(event) ?? stack.at(-1)?.label ?? event.name;
      stack.push({ event, label });
      parts.set(label, (parts.get(label) ?? 0) + ms(Math.max(0, own.get(event)!)));
    }
    parts.set('task itself', (parts.get('task itself') ?? 0) + ms(Math.max(0, taskOwn)));
    const mark = marks.filter((event) => event.ts >= task.ts && event.ts <= end).map((event) => event.name);
    const listed = [...parts.entries()].filter(([, partMs]) => partMs >= 2).sort((a, b) => b[1] - a[1]);
    const script = largest(samples, task.ts, end, 'part', 3).filter(([, partMs]) => partMs >= 2);
    longTasks.push({
      startMs: ms(task.ts - navigation.ts),
      durationMs,
      parts: [...(mark.length ? [[`marks: ${mark.join(', ')}`, 0] as [string, number]] : []), ...listed, ...(script.length ? [[`JS: ${script.map(([part, partMs]) => `${part} ${Math.round(partMs)}`).join(', ')}`, 0] as [string, number]] : [])],
    });
    if (task.ts < fcp.ts) continue;
    for (const [totals, key] of [[scriptParts, 'part'], [scriptFunctions, 'fn']] as const) {
      for (const [name, nameMs] of largest(samples, task.ts, end, key, Infinity)) totals.set(name, (totals.get(name) ?? 0) + nameMs);
    }
  }
  const top = (totals: Map<string, number>) => [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_WEB_TOP ?? 15));
  return { fcpMs: ms(fcp.ts - navigation.ts), blockingMs, mainThreadMs, longTasks, scriptParts: top(scriptParts), scriptFunctions: top(scriptFunctions) };
}

async function traceLoad(browser: Browser, url: string): Promise<TracedLoad> {
  const page: Page = await browser.contexts()[0].newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const raw = await browser.stopTracing();
    if (TRACE_DIR) {
      await mkdir(TRACE_DIR, { recursive: true });
      const file = path.join(TRACE_DIR, `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${Date.now()}.json`);
      await writeFile(file, raw);
      console.log(`  trace: ${file}`);
    }
    const trace = JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] };
    return analyseTrace(trace.traceEvents, url);
  } finally {
    await page.close();
  }
}

/** A traced load from an empty HTTP cache; a trace Chromium recorded incompletely (no navigation or paint in it) is taken again, twice at most. */
async function tracedLoadOf(debuggingPort: number, url: string): Promise<TracedLoad> {
  for (let attempt = 1; ; attempt++) {
    await clearHttpCache(debuggingPort);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
    try {
      return await traceLoad(browser, url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (${(error as Error).message}: tracing it again)`);
    } finally {
      await browser.close();
    }
  }
}

async function main() {
  const { appUrl, debuggingPort, pages, started } = await startBench(`${RUNS} traced load(s) per page, CPU slowed ${CPU_SLOWDOWN}x, 390 px`);
  let signedIn = false;
  const summary: string[] = [];
  for (const { page, signedIn: needsSignIn } of pages) {
    if (needsSignIn && !signedIn) {
      await signIn(debuggingPort, appUrl);
      signedIn = true;
    }
    const loads: TracedLoad[] = [];
    for (let attempt = 1; attempt <= RUNS; attempt++) {
      const load = await tracedLoadOf(debuggingPort, `${appUrl}${page}`);
      loads.push(load);
      console.log(`  ${page} #${attempt}: FCP ${seconds(load.fcpMs)}, blocking ${Math.round(load.blockingMs)} ms after it, ${load.longTasks.length} long tasks, main thread busy ${Math.round(load.mainThreadMs)} ms`);
    }
    const median = [...loads].sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(loads.length / 2)];
    summary.push(`${page}: blocking ${loads.map((load) => Math.round(load.blockingMs)).join(' / ')} ms (median ${Math.round(median.blockingMs)}), FCP ${seconds(median.fcpMs)}`);
    console.log(`\n${page}, the median run's tasks over ${LONG_TASK_MS} ms (ms after navigation start, duration, where it went):`);
    for (const task of median.longTasks) {
      const parts = task.parts.map(([label, partMs]) => (partMs ? `${label} ${Math.round(partMs)}` : label)).join('; ');
      console.log(`  ${String(Math.round(task.startMs)).padStart(6)} ms  ${String(Math.round(task.durationMs)).padStart(4)} ms  ${parts}`);
    }
    console.log(`  the JavaScript in the long tasks after the first paint, by part: ${median.scriptParts.map(([part, partMs]) => `${part} ${Math.round(partMs)}`).join('; ')}`);
    console.log('  by function:');
    for (const [fn, fnMs] of median.scriptFunctions) console.log(`    ${String(Math.round(fnMs)).padStart(5)} ms  ${fn}`);
    console.log('');
  }
  console.log(`Blocking time after the first contentful paint (4x CPU, real trace; Lighthouse's TBT is simulated and differs):`);
  for (const line of summary) console.log(`  ${line}`);
  console.log(`load average at the end: ${loadAverage()}; took ${seconds(Date.now() - started)}`);
}

finish(main);
