// Scroll restoration's key for the first entry of a page load (keyFirstHistoryEntry).
import { createMemoryRouter } from 'react-router';
import { keyFirstHistoryEntry, latestSearchParams, type AppRouter, type HistoryLike } from './navigation';

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

// latestSearchParams: a URL change builds on where the router is going, not on a render's copy.
it('gives the search parameters of the location the router is moving to, else of the one it is at', async () => {
  let release = () => {};
  const slow = new Promise<void>((resolve) => (release = resolve));
  const router = createMemoryRouter(
    [
      { path: '/allProperties', element: null },
      { path: '/slow', element: null, loader: () => slow.then(() => null) },
    ],
    { initialEntries: ['/allProperties?search=dhaka'] },
  ) as unknown as AppRouter;
  const rendered = new URLSearchParams('search=dha');
  expect(latestSearchParams(rendered, router).toString()).toBe('search=dhaka');

  await router.navigate('/allProperties?search=dhaka&sort=price-asc', { replace: true });
  expect(latestSearchParams(rendered, router).toString()).toBe('search=dhaka&sort=price-asc');

  const moving = router.navigate('/slow?page=2');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(router.state.navigation.state).toBe('loading');
  expect(latestSearchParams(rendered, router).toString()).toBe('page=2');
  release();
  await moving;
  expect(latestSearchParams(rendered, router).toString()).toBe('page=2');
  router.dispose();
});

it('falls back to the rendered parameters when no router runs (the server render), as a copy', () => {
  const rendered = new URLSearchParams('search=x');
  const latest = latestSearchParams(rendered, null);
  latest.set('sort', 'price-asc');
  expect(rendered.toString()).toBe('search=x');
  expect(latest.toString()).toBe('search=x&sort=price-asc');
});
