// The harness's per-test scope (open-resources.ts, wired in test-environment.ts):
// what a test registers with releasedAtTestEnd is released when that test ends,
// after its afterEach hooks and before the next test; what a beforeAll registers
// is not (it lives with its owner, e.g. the browser session's pages of the visual check).
import { releasedAtTestEnd } from './open-resources';

const released: string[] = [];

beforeAll(() => {
  releasedAtTestEnd(async () => void released.push('from beforeAll'));
});

afterEach(() => {
  released.push('afterEach ran');
});

it('releases nothing of a test while it runs', () => {
  releasedAtTestEnd(async () => void released.push('from the first test'));
  expect(released).toEqual([]);
});

it('released the previous test\'s resources after its afterEach, and nothing of the beforeAll', () => {
  expect(released).toEqual(['afterEach ran', 'from the first test']);
});
