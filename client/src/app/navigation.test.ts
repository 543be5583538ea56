// Scroll restoration's key for the first entry of a page load (keyFirstHistoryEntry).
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { keyFirstHistoryEntry, latestSearchParams, type HistoryLike } from './navigation';

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

// latestSearchParams: a URL change builds on where the history is, not on a render's copy.
it('gives the search parameters of the newest history entry, not the rendered ones', () => {
  const history = createMemoryHistory({ initialEntries: ['/allProperties?search=dhaka'], v5Compat: true });
  const rendered = new URLSearchParams('search=dha');
  expect(latestSearchParams(rendered, history).toString()).toBe('search=dhaka');
  history.replace('/allProperties?search=dhaka&sort=price-asc');
  expect(latestSearchParams(rendered, history).toString()).toBe('search=dhaka&sort=price-asc');
  history.push('/allProperties?page=2');
  expect(latestSearchParams(rendered, history).toString()).toBe('page=2');
});

it('falls back to the rendered parameters when no history runs (the server render), as a copy', () => {
  const rendered = new URLSearchParams('search=x');
  const latest = latestSearchParams(rendered, null);
  latest.set('sort', 'price-asc');
  expect(rendered.toString()).toBe('search=x');
  expect(latest.toString()).toBe('search=x&sort=price-asc');
});
