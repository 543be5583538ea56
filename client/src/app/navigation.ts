// Lets code outside React components (Apollo links, the REST helper) navigate.
import type { createBrowserRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
let router: AppRouter | null = null;

export function registerRouter(instance: AppRouter): void {
  router = instance;
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
