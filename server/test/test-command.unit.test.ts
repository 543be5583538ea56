// npm run test:changed: which tests a change runs (server/test/test-command.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedFiles, testsForChanges } from './test-command';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Jest's related tests, as a table: each file relates to the tests listed for it. */
const relatedBy = (table: Record<string, string[]>) => (files: string[]) => [...new Set(files.flatMap((file) => table[file] ?? []))];

describe('the tests test:changed runs', () => {
  it("are Jest's related tests of the changed sources", () => {
    const related = relatedBy({ 'server/offers/offers.service.ts': ['server/offers/offers.test.ts', 'server/rest/contract.test.ts'] });
    expect(testsForChanges(['server/offers/offers.service.ts'], related).tests).toEqual(['server/offers/offers.test.ts', 'server/rest/contract.test.ts']);
  });

  it('add every browser suite when the client, common/ or the browser harness changed', () => {
    const related = relatedBy({ 'client/src/app/router.tsx': ['client/src/app/router.test.ts'] });
    const { tests } = testsForChanges(['client/src/app/router.tsx'], related);
    expect(tests).toContain('client/src/app/router.test.ts');
    expect(tests).toContain('e2e/buying.e2e.test.ts');
    expect(tests).toContain('e2e/foundation.e2e.test.ts');
    expect(tests!.filter((file) => file.startsWith('e2e/')).every((file) => file.endsWith('.e2e.test.ts'))).toBe(true);
    expect(tests).not.toContain('e2e/browser.ts');
    for (const changed of ['common/money.ts', 'e2e/browser.ts']) expect(testsForChanges([changed], relatedBy({})).tests).toContain('e2e/sold.e2e.test.ts');
  });

  it('are none for documentation alone', () => {
    expect(testsForChanges(['README.md', 'docs/testing.md'], relatedBy({})).tests).toEqual([]);
  });

  it('are all of them (null) when something no test imports changed: a migration, the schema, the Jest configuration, the lockfile', () => {
    for (const changed of ['prisma/migrations/20990101000000_x/migration.sql', 'prisma/schema.prisma', 'jest.config.ts', 'package-lock.json', 'server/offers/offers.graphql']) {
      expect(testsForChanges(['server/offers/offers.service.ts', changed], relatedBy({})).tests).toBeNull();
    }
  });
});

describe('the changed files', () => {
  it('are those git sees changed since the branch left the base, committed or not, new files included', () => {
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).stdout.trim();
    const uncommitted = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: projectRoot, encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3).split(' -> ').at(-1)!);
    expect(changedFiles(head)).toEqual([...new Set(uncommitted)].sort());
  });
});
