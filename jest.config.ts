/** @jest-config-loader esbuild-register */
// Three projects: `unit` (no infrastructure), `integration` (real PostgreSQL and
// Firebase Auth emulator, the app over HTTP) and `browser` (the built client in
// Debian's Chromium through Playwright). Run one with --selectProjects.
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
  testEnvironment: 'node',
} satisfies Config;

const withInfrastructure = {
  ...base,
  // The Node environment that, after a file's last hook, releases what the file still holds (apps, browsers, databases).
  testEnvironment: '<rootDir>/server/test/test-environment.ts',
  globalSetup: '<rootDir>/server/test/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/global-teardown.ts',
} satisfies Config;

const config: Config = {
  // testTimeout is global in Jest (ignored per project): browser journeys need the room.
  testTimeout: 120_000,
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
      testPathIgnorePatterns: ['\\.unit\\.test\\.ts$', '/node_modules/'],
    },
    {
      ...withInfrastructure,
      displayName: 'browser',
      // server/test/harness.test.ts runs Jest on files whose setup fails on purpose: only in that run are they tests.
      testMatch: process.env.OPENNEST_HARNESS_CHECKS === '1' ? ['<rootDir>/server/test/harness-checks/*.check.ts'] : ['<rootDir>/e2e/**/*.e2e.test.ts'],
    },
  ],
};

export default config;
