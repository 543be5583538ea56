// What a test file has started and not released yet: test apps, app processes,
// browsers, databases. Each start function of the harness registers how to
// release what it started, and its own close() forgets it again. Whatever a file
// still holds after its last hook (a beforeAll that failed half-way, an afterAll
// that never ran or forgot something) is released by the test environment
// (test-environment.ts), so that no pool, pg-boss timer, server or browser
// outlives its file and keeps Jest from exiting.
//
// The list lives on the test file's global object: Jest gives each file its
// own, and the environment reads the same object after the file's hooks.

export interface OpenResource {
  /** What it is, for the line that reports a leftover ("test app http://127.0.0.1:4100"). */
  what: string;
  release(): Promise<void>;
}

const KEY = '__opennestOpenResources';

type WithRegistry = { [KEY]?: Set<OpenResource> };

function registry(scope: WithRegistry = globalThis as WithRegistry): Set<OpenResource> {
  return (scope[KEY] ??= new Set());
}

/**
 * Registers `release` as the way to free `what`, until it has run. Returns the
 * release to call instead of `release` itself: it runs once (later calls get the
 * same promise) and takes `what` off the list.
 */
export function releasedAtFileEnd(what: string, release: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const resource: OpenResource = {
    what,
    release: () => {
      running ??= (async () => {
        registry().delete(resource);
        await release();
      })();
      return running;
    },
  };
  registry().add(resource);
  return resource.release;
}

/**
 * Releases everything `scope` (a test file's global object) still holds, the
 * latest first, each within `timeoutMs`; resolves with what was left and how
 * its release went. Never throws.
 */
export async function releaseLeftovers(scope: object, { timeoutMs = 20_000 } = {}): Promise<Array<{ what: string; error?: string }>> {
  const open = registry(scope as WithRegistry);
  const report: Array<{ what: string; error?: string }> = [];
  // The latest first; releasing one may release others (an app its database), which then leave the list.
  for (let resource = [...open].at(-1); resource; resource = [...open].at(-1)) {
    open.delete(resource);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        resource.release(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`not released within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      report.push({ what: resource.what });
    } catch (error) {
      report.push({ what: resource.what, error: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }
  return report;
}

const TEST_KEY = '__opennestTestResources';

type WithTestScope = { [TEST_KEY]?: Array<() => Promise<unknown>> };

/**
 * Marks the start of a test (the environment calls it on test_start): from now on
 * until endTest, what releasedAtTestEnd registers belongs to this test.
 */
export function startTest(scope: object): void {
  (scope as WithTestScope)[TEST_KEY] = [];
}

/**
 * Registers `release` to run when the running test ends (after its afterEach
 * hooks), if a test is running; outside a test (in a beforeAll) it does nothing,
 * and what was made there lives until its owner closes it. Why: a browser page a
 * test leaves open keeps working (the home page's hero moves every second), and
 * a file's dozens of finished pages took a core's worth of CPU from the tests still running.
 */
export function releasedAtTestEnd(release: () => Promise<unknown>): void {
  (globalThis as WithTestScope)[TEST_KEY]?.push(release);
}

/** Runs what the ended test registered (the environment calls it on test_done); never throws. */
export async function endTest(scope: object): Promise<void> {
  const releases = (scope as WithTestScope)[TEST_KEY] ?? [];
  delete (scope as WithTestScope)[TEST_KEY];
  await Promise.all(releases.map((release) => release().catch(() => undefined)));
}
