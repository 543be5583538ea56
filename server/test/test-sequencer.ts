// The order Jest hands test files to its workers: longest first, so that no
// worker starts a one-minute browser journey when the others are nearly done.
// Jest's own sequencer knows each file's duration from the previous run (and
// puts files that failed then first); a file it has no time for (every file,
// on a fresh machine) gets its project's typical time instead of being
// ordered by size, which would put a short suite of many small tests first.
import type { Test } from '@jest/test-result';
import Sequencer from '@jest/test-sequencer';

/** Typical seconds per file (the baseline run: browser journeys 8-80 s, integration files 1-17 s, unit files under 1 s). */
const TYPICAL_MS: Record<string, number> = { browser: 40_000, integration: 5_000, unit: 500 };

export default class LongestFirstSequencer extends Sequencer {
  override sort(tests: Array<Test>): Array<Test> {
    const last = (test: Test) => this._getCache(test)[test.path];
    const failedLastTime = (test: Test) => last(test)?.[0] === 0;
    const expectedMs = (test: Test) => last(test)?.[1] ?? TYPICAL_MS[test.context.config.displayName?.name ?? ''] ?? 1_000;
    // Between files of one project with no time yet, the bigger first (as Jest's own sequencer does).
    const size = (test: Test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = last(test)?.[1];
    return [...tests].sort((a, b) => Number(failedLastTime(b)) - Number(failedLastTime(a)) || expectedMs(b) - expectedMs(a) || size(b) - size(a));
  }
}
