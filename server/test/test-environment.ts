// The Node test environment of every project, plus two duties. After a test
// file's last hook, it releases whatever the file started and still holds
// (open-resources.ts), and says so on one line: a file whose beforeAll failed
// half-way (the app up, the browser not) then leaves no PostgreSQL pool, pg-boss
// timer, server or browser behind to keep Jest from exiting or to run into
// "a file after the Jest environment has been torn down". And it names a file
// that left a timer or socket running in its worker outside that list (below).
import path from 'node:path';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';
import { endTest, releaseLeftovers, startTest } from './open-resources';

/** What keeps this worker's event loop alive (ref'd timers, sockets, servers, child processes), by type. */
export function runningResources(): Map<string, number> {
  // The worker's stdio are pipes opened on first use (an ESM import of node:process opens stdin, not reading):
  // they never keep it alive, so they are open before any count.
  void process.stdin;
  void process.stdout;
  void process.stderr;
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) if (!IN_FLIGHT.test(type)) counts.set(type, (counts.get(type) ?? 0) + 1);
  // A 'message' listener on the process keeps its channel to Jest open: the worker cannot end while one is left.
  for (const event of ['message', 'beforeExit'] as const) counts.set(`process '${event}' listener`, process.listenerCount(event));
  return counts;
}

/** Requests that end by themselves (a file read, a write, a DNS look-up, a callback queued for the next turn): not what keeps a worker alive. */
const IN_FLIGHT = /Req|^WriteWrap$|^ShutdownWrap$|^Immediate$/;

/** What runs now and did not before, as "2 Timeout" per type. */
export function grownResources(before: Map<string, number>, now: Map<string, number>): string[] {
  return [...now].filter(([type, count]) => count > (before.get(type) ?? 0)).map(([type, count]) => `${count - (before.get(type) ?? 0)} ${type}`);
}

/** The handles alive in this process now, each as what can be told of it (a socket's peer, a child's program), stdio left out. */
export function liveHandles(): string[] {
  const stdio = new Set<unknown>([process.stdin, process.stdout, process.stderr]);
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return handles.filter((handle) => !stdio.has(handle)).map(describeHandle);
}

function describeHandle(handle: unknown): string {
  const h = handle as Record<string, unknown> & { constructor?: { name?: string } };
  const kind = h.constructor?.name ?? typeof handle;
  if (typeof h.spawnfile === 'string') return `${kind} ${h.spawnfile} ${((h.spawnargs as string[] | undefined) ?? []).slice(1, 4).join(' ')} (pid ${String(h.pid)})`;
  if (typeof h.address === 'function' && typeof h.listen === 'function') return `${kind} listening on ${JSON.stringify((h.address as () => unknown).call(handle))}`;
  if ('remoteAddress' in h || 'remotePort' in h) return `${kind} to ${String(h.remoteAddress ?? h._pipeName ?? 'a pipe')}:${String(h.remotePort ?? '')}`;
  return kind;
}

/**
 * Jest ends a worker by asking it to (jest-worker's END message, 2) and force-exits it when it
 * still runs 500 ms later, saying only "A worker process has failed to exit gracefully". 300 ms
 * after the ask, this names what still keeps the worker alive, so that a run that shows the
 * message also shows why. Its own 'message' listener goes with the ask: a listener left on the
 * process would itself hold the channel to Jest open.
 */
function nameWhatOutlivesTheWorkersEnd(): void {
  if (typeof process.send !== 'function') return;
  const onMessage = (message: unknown) => {
    if (!Array.isArray(message) || message[0] !== 2) return;
    process.off('message', onMessage);
    setTimeout(() => {
      // Every resource, requests in flight too (a pending write or look-up also holds the loop).
      const counts = new Map<string, number>();
      for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
      for (const event of ['message', 'beforeExit'] as const) if (process.listenerCount(event) > 0) counts.set(`process '${event}' listener`, process.listenerCount(event));
      const types = [...counts].map(([type, count]) => `${count} ${type}`);
      process.stderr.write(`[test harness] worker ${process.pid} still runs 300 ms after Jest asked it to end: ${types.join(', ')}; handles: ${liveHandles().join('; ') || 'none'}\n`);
    }, 300).unref();
  };
  process.on('message', onMessage);
}
nameWhatOutlivesTheWorkersEnd();

/** How long a file's closing sockets and servers may take to go before what is left is named. */
const SETTLE_MS = 1_000;

/**
 * The file this worker ran last and what was running when it started. A worker runs its
 * files one after another and Jest ends it once the last is done: a timer or socket a file
 * leaves running (outside the harness's own list above) keeps the worker from exiting, and
 * Jest then says only "A worker process has failed to exit gracefully". Compared when the
 * next file starts, when what the last one closed has had time to go.
 */
let previousFile: { file: string; running: Map<string, number> } | undefined;

export default class HarnessEnvironment extends TestEnvironment {
  private readonly testFile: string;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.testFile = path.relative(config.projectConfig.rootDir, context.testPath);
  }

  async setup(): Promise<void> {
    await super.setup();
    const running = runningResources();
    if (previousFile) {
      const grown = grownResources(previousFile.running, running);
      if (grown.length > 0) process.stderr.write(`[test harness] ${previousFile.file} left running in its worker: ${grown.join(', ')} (still there when ${this.testFile} started)\n`);
    }
    previousFile = { file: this.testFile, running };
  }

  async teardown(): Promise<void> {
    await super.teardown();
    // What the file still runs once it has had a second to close (a socket's close takes a few turns
    // of the loop): the worker's last file has no next file to be compared with, and it is what keeps
    // the worker alive past Jest's end.
    if (previousFile?.file !== this.testFile) return;
    const started = previousFile.running;
    let grown = grownResources(started, runningResources());
    for (const deadline = Date.now() + SETTLE_MS; grown.length > 0 && Date.now() < deadline; grown = grownResources(started, runningResources())) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (grown.length === 0) return;
    process.stderr.write(`[test harness] ${this.testFile} left running in its worker: ${grown.join(', ')} (still there ${SETTLE_MS / 1000} s after its end)\n`);
    // Said once: the next file is compared with what runs now.
    previousFile.running = runningResources();
  }

  // run_finish: every test and hook of the file has run, and its modules can still be loaded
  // (teardown() comes after Jest has closed the file's module registry).
  async handleTestEvent(event: { name: string }): Promise<void> {
    // test_done comes after the test's afterEach hooks: what the test itself opened is released there.
    if (event.name === 'test_start') startTest(this.global);
    if (event.name === 'test_done') await endTest(this.global);
    if (event.name !== 'run_finish') return;
    const left = await releaseLeftovers(this.global);
    if (left.length > 0) {
      const list = left.map(({ what, error }) => (error ? `${what} (${error})` : what)).join(', ');
      process.stderr.write(`[test harness] ${this.testFile} left open, now released: ${list}\n`);
    }
  }
}
