/** @jest-config-loader esbuild-register */
// Three projects: `unit` (no infrastructure), `integration` (real PostgreSQL and
// Firebase Auth emulator, the app over HTTP) and `browser` (the built client in
// Debian's Chromium through Playwright). Run one with --selectProjects.
import os from 'node:os';
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
      module: { type: 'es6' },
    },
  ],
};

const base = {
  transform,
  dependencyExtractor: '<rootDir>/server/test/dependency-extractor.mjs',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  // The Node environment that, after a file's last hook, releases what the file still holds (apps, browsers,
  // databases), and names a file that left a timer or socket running in its worker.
  testEnvironment: '<rootDir>/server/test/test-environment.ts',
} satisfies Config;

const withInfrastructure = {
  ...base,
  globalSetup: '<rootDir>/server/test/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/global-teardown.ts',
} satisfies Config;

const config: Config = {
  // testTimeout is global in Jest (ignored per project): browser journeys need the room, the more
  // so with three workers on two cores (a 50 s journey then takes 80-100 s). A hung step still
  // fails within Playwright's 15 s per action (e2e/browser.ts).
  testTimeout: 180_000,
  // One worker more than cores (Jest's default is one fewer, which on 2 cores is a single worker):
  // the integration and browser files wait on PostgreSQL, Chromium, the emulator and the
  // spec's 2 s alerts much of their time, which another worker's file then uses. On 2 cores,
  // one worker per core: three browser journeys at once (each with its app, Chromium and
  // database) held the load average at 11-12, and five journeys ran past Playwright's 15 s
  // per step or the 180 s per test. --maxWorkers overrides.
  maxWorkers: os.availableParallelism() <= 2 ? os.availableParallelism() : os.availableParallelism() + 1,
  // Longest first (each file's time in the last run, else its project's typical time).
  testSequencer: '<rootDir>/server/test/test-sequencer.ts',
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/common/**/*.test.ts', '<rootDir>/client/src/**/*.test.ts', '<rootDir>/client/*.test.ts', '<rootDir>/client/build/*.test.ts', '<rootDir>/server/**/*.unit.test.ts'],
    },
    {
      ...withInfrastructure,
      displayName: 'integration',
      testMatch: ['<rootDir>/server/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.unit\\.test\\.ts$', '/node_modules/', '<rootDir>/server/test/harness.test.ts'],
    },
    {
      ...withInfrastructure,
      displayName: 'browser',
      // The harness's own test (it drives Chromium) runs Jest on files whose setup fails on purpose: only in that run are they tests.
      testMatch:
        process.env.OPENNEST_HARNESS_CHECKS === '1' ? ['<rootDir>/server/test/harness-checks/*.check.ts'] : ['<rootDir>/e2e/**/*.e2e.test.ts', '<rootDir>/server/test/harness.test.ts'],
    },
  ],
};

export default config;
