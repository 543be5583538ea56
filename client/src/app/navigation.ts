// Lets code outside React components (Apollo links, the REST helper) navigate.
import type { createBrowserRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
let router: AppRouter | null = null;

export function registerRouter(instance: AppRouter): void {
  router = instance;
}

/** What of the browser's History keyFirstHistoryEntry uses. */
export type HistoryLike = Pick<History, 'state' | 'replaceState'>;

/**
 * React Router keys the first history entry of every page load "default", so its
 * scroll restoration would open a page loaded in full (a typed address, a link
 * from an e-mail) at the scroll position saved for the first page of an earlier
 * load in this tab. Before the router starts, an entry without a key of its own
 * gets a fresh one: a new load opens at the top, while a reload, or going back to
 * an entry made here, keeps its key and so its position.
 */
export function keyFirstHistoryEntry(history: HistoryLike, newKey: () => string = () => Math.random().toString(36).slice(2, 10)): void {
  const state = history.state as Record<string, unknown> | null;
  if (state && typeof state.key === 'string' && state.key !== 'default') return;
  history.replaceState({ usr: null, ...state, key: newKey() }, '');
}

/** Resolves once the router has loaded the first route's page module (its chunk) and data. */
export function firstRouteLoaded(instance: AppRouter): Promise<void> {
  if (instance.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = instance.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Spec: any 401/403 sends the user to /login, carrying the path they were on. */
export function redirectToLogin(): void {
  if (!router) return;
  const { pathname, search } = router.state.location;
  if (pathname === '/login' || pathname === '/register') return;
  void router.navigate('/login', { state: { from: `${pathname}${search}` } });
}

/**
 * The search parameters of the newest location: the one the router is moving to,
 * else the one it is at. A change to the URL builds on these, not on a render's
 * copy (useSearchParams): that copy lags behind, both in a timer set by an
 * earlier render (a debounced search box) and while React renders the previous
 * change as a transition, so a change built on it would silently undo the one
 * made just before (a sort picked while the search was still being typed).
 */
export function latestSearchParams(rendered: URLSearchParams, instance: AppRouter | null = router): URLSearchParams {
  const location = instance ? (instance.state.navigation.location ?? instance.state.location) : null;
  return new URLSearchParams(location ? location.search : rendered);
}
