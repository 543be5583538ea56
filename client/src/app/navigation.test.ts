// Scroll restoration's key for the first entry of a page load (keyFirstHistoryEntry).
import { keyFirstHistoryEntry, type HistoryLike } from './navigation';

function fakeHistory(state: unknown): HistoryLike & { state: unknown } {
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  return history as unknown as HistoryLike & { state: unknown };
}

it('gives the first entry of a fresh load a key of its own, so it does not share "default" with earlier loads', () => {
  const first = fakeHistory(null);
  const second = fakeHistory(null);
  let n = 0;
  keyFirstHistoryEntry(first, () => `k${(n += 1)}`);
  keyFirstHistoryEntry(second, () => `k${(n += 1)}`);
  expect(first.state).toEqual({ usr: null, key: 'k1' });
  expect(second.state).toEqual({ usr: null, key: 'k2' });
});

it('keeps the key of an entry the router made (a reload or going back restores its position), and what else the state holds', () => {
  const reloaded = fakeHistory({ usr: { from: '/x' }, key: 'abc123', idx: 3 });
  keyFirstHistoryEntry(reloaded, () => 'new');
  expect(reloaded.state).toEqual({ usr: { from: '/x' }, key: 'abc123', idx: 3 });
  const defaulted = fakeHistory({ usr: null, key: 'default', idx: 0 });
  keyFirstHistoryEntry(defaulted, () => 'fresh');
  expect(defaulted.state).toEqual({ usr: null, key: 'fresh', idx: 0 });
});
