// The Node test environment of the integration and browser projects, plus one
// duty: after a test file's last hook, release whatever it started and still
// holds (open-resources.ts), and say so on one line. A file whose beforeAll failed
// half-way (the app up, the browser not) then leaves no PostgreSQL pool, pg-boss
// timer, server or browser behind to keep Jest from exiting or to run into
// "a file after the Jest environment has been torn down".
import path from 'node:path';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';
import { endTest, releaseLeftovers, startTest } from './open-resources';

export default class HarnessEnvironment extends TestEnvironment {
  private readonly testFile: string;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.testFile = path.relative(config.projectConfig.rootDir, context.testPath);
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
