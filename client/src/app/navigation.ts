// Lets code outside React components (Apollo links, the REST helper) navigate.
import type { UNSAFE_createBrowserHistory } from 'react-router';

export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
let history: AppHistory | null = null;

export function registerHistory(instance: AppHistory): void {
  history = instance;
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

/** Spec: any 401/403 sends the user to /login, carrying the path they were on. */
export function redirectToLogin(): void {
  if (!history) return;
  const { pathname, search } = history.location;
  if (pathname === '/login' || pathname === '/register') return;
  history.push('/login', { from: `${pathname}${search}` });
}

/**
 * The search parameters of the newest location: the browser's, which moves at
 * once, while a render's copy (useSearchParams) lags behind it, both in a timer
 * set by an earlier render (a debounced search box) and while React draws the
 * previous change as a transition. A change built on that copy would silently
 * undo the one made just before (a sort picked while the search was still being
 * typed), so changes build on these.
 */
export function latestSearchParams(rendered: URLSearchParams, instance: Pick<AppHistory, 'location'> | null = history): URLSearchParams {
  return new URLSearchParams(instance ? instance.location.search : rendered);
}
