// The browser's router: React Router's plain <Router> over the browser's history,
// with what its data router used to give the app: a pending state while the next
// page's code loads (the navigation is a transition, so the previous page stays
// on screen), and scroll positions restored on back and forward.
import { createContext, use, useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';
import { registerHistory, type AppHistory } from './navigation';

const PendingNavigation = createContext(false);

/** Whether the app is on its way to another page (its code is loading); the page on screen is the previous one meanwhile. */
export const useNavigationPending = () => use(PendingNavigation);

/** Where sessionStorage keeps each history entry's scroll position across loads (a reload, or back into the app from another site). */
const POSITIONS_KEY = 'opennest-scroll-positions';

function storedPositions(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map();
  }
}

/**
 * Each history entry's scroll position: this load's in memory, earlier loads' in
 * sessionStorage, read only when one is needed (the page reloaded or returned to
 * by back or forward, a step back to an entry of an earlier load, leaving). A
 * page's first sessionStorage access is a synchronous trip to the browser
 * process: 17 ms of a phone's start (4x CPU trace of `/`) for a page that opens
 * at its top anyway.
 */
function scrollPositions() {
  const thisLoad = new Map<string, number>();
  let earlierLoads: Map<string, number> | null = null;
  const earlier = () => (earlierLoads ??= storedPositions());
  return {
    get: (key: string) => thisLoad.get(key) ?? earlier().get(key),
    set: (key: string, y: number) => void thisLoad.set(key, y),
    save() {
      try {
        sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(Object.fromEntries([...earlier(), ...thisLoad])));
      } catch {
        // Storage full or refused: positions are then kept for this load only.
      }
    },
  };
}

/** Whether the browser reloaded this document or came back to it (back, forward), rather than opening it anew. */
function loadReturnedTo(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/** The browser's history, registered for code outside React (navigation.ts). Call once, before the first render. */
export function createAppHistory(): AppHistory {
  const history = createBrowserHistory({ v5Compat: true });
  registerHistory(history);
  return history;
}

export function BrowserAppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState<{ location: Location; action: NavigationType }>({ location: history.location, action: history.action });
  const [pending, startTransition] = useTransition();
  const [positions] = useState(scrollPositions);
  const shown = useRef(state);
  shown.current = state;

  useLayoutEffect(() => {
    // The app puts the page where it belongs; the browser's own restoring would jump first.
    window.history.scrollRestoration = 'manual';
    const save = () => {
      positions.set(shown.current.location.key, window.scrollY);
      positions.save();
    };
    window.addEventListener('pagehide', save);
    const stopListening = history.listen(({ action, location }) => {
      // The page leaving is still on screen: its position is the one to come back to.
      positions.set(shown.current.location.key, window.scrollY);
      startTransition(() => setState({ location, action }));
    });
    return () => {
      stopListening();
      window.removeEventListener('pagehide', save);
    };
  }, [history, positions]);

  // Once the next page is drawn: back and forward return to where it was left, a new page opens at its top
  // (or at its #anchor); a change of the query alone (a search, a sort) keeps the position.
  const { location, action } = state;
  const previousPath = useRef(location.pathname);
  const firstPage = useRef(true);
  useLayoutEffect(() => {
    const pathChanged = previousPath.current !== location.pathname;
    previousPath.current = location.pathname;
    const first = firstPage.current;
    firstPage.current = false;
    if (action === 'POP') {
      // A load's first page is a POP too: only a reload or a return by back or forward has a position to go to.
      const saved = first && !loadReturnedTo() ? undefined : positions.get(location.key);
      if (saved !== undefined) return restoreScroll(saved);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else if (pathChanged) window.scrollTo(0, 0);
  }, [location, action, positions]);

  return (
    <PendingNavigation value={pending}>
      <Router location={location} navigationType={action} navigator={history}>
        {children}
      </Router>
    </PendingNavigation>
  );
}

/** How long a page that went back may take to grow tall enough for its old position. */
const RESTORE_FOR_MS = 3000;

/**
 * Scrolls back to `y`. A page that is not yet as tall as when it was left (a part
 * still loading: the footer, a list's answer) cannot be scrolled that far at once;
 * the position is then applied again as the page grows, until it is reached, the
 * person scrolls themselves, or RESTORE_FOR_MS pass. Returns what stops it early.
 */
function restoreScroll(y: number): (() => void) | undefined {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return undefined;
  const userEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const timer = window.setTimeout(() => stop(), RESTORE_FOR_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of userEvents) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of userEvents) window.addEventListener(type, stop, { passive: true });
  return stop;
}
