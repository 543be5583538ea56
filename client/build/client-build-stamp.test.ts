// When npm start rebuilds the client: whenever anything the build reads changed
// since the stamped build, and only then.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtFromHash, clientSourceHash, writeBuildStamp } from './client-build-stamp';

let root: string;
const dist = () => path.join(root, 'client', 'dist');
const put = async (file: string, content: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'opennest-stamp-'));
  await put('client/src/main.tsx', 'render();');
  await put('client/vite.config.ts', 'export default {};');
  await put('common/money.ts', 'export const cents = 100;');
  await put('package-lock.json', '{}');
  await put('client/dist/index.html', '<html></html>');
});
afterEach(() => rm(root, { recursive: true, force: true }));

it('sees no build without a stamp, and the stamped hash once written', async () => {
  expect(await builtFromHash(dist())).toBeNull();
  const hash = await clientSourceHash(root, {});
  await writeBuildStamp(dist(), hash);
  expect(await builtFromHash(dist())).toBe(hash);
});

it('changes with the client sources, the build config, common/, the lockfile and the Stripe switch', async () => {
  const before = await clientSourceHash(root, {});
  for (const [file, content] of [
    ['client/src/main.tsx', 'render(); // changed'],
    ['client/vite.config.ts', 'export default { build: {} };'],
    ['common/money.ts', 'export const cents = 1000;'],
    ['package-lock.json', '{ "lockfileVersion": 3 }'],
    ['client/src/new-page.tsx', 'export {};'],
  ]) {
    const original = await clientSourceHash(root, {});
    await put(file, content);
    expect({ file, changed: (await clientSourceHash(root, {})) !== original }).toEqual({ file, changed: true });
  }
  expect(await clientSourceHash(root, {})).not.toBe(before);
  const now = await clientSourceHash(root, {});
  expect(await clientSourceHash(root, { STRIPE_SECRET_KEY: 'sk_test_x' })).not.toBe(now);
  // Only whether a key is set matters, never which key.
  expect(await clientSourceHash(root, { STRIPE_SECRET_KEY: 'sk_test_y' })).toBe(await clientSourceHash(root, { STRIPE_SECRET_KEY: 'sk_test_x' }));
});

it('ignores the build output and test files', async () => {
  const before = await clientSourceHash(root, {});
  await put('client/dist/assets/index-abc.js', 'bundle');
  await put('client/src/money.test.ts', 'it("works", () => {});');
  expect(await clientSourceHash(root, {})).toBe(before);
});
