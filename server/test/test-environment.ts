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

/** Requests that end by themselves (a file read, a write, a DNS look-up): not what keeps a worker alive. */
const IN_FLIGHT = /Req|^WriteWrap$|^ShutdownWrap$/;

/** What runs now and did not before, as "2 Timeout" per type. */
export function grownResources(before: Map<string, number>, now: Map<string, number>): string[] {
  return [...now].filter(([type, count]) => count > (before.get(type) ?? 0)).map(([type, count]) => `${count - (before.get(type) ?? 0)} ${type}`);
}

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
