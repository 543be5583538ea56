// Lets code outside React components (Apollo links, the REST helper) navigate.
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;
let router: Router | null = null;

export function registerRouter(instance: Router): void {
  router = instance;
}

/** Spec: any 401/403 sends the user to /login, carrying the path they were on. */
export function redirectToLogin(): void {
  if (!router) return;
  const { pathname, search } = router.state.location;
  if (pathname === '/login' || pathname === '/register') return;
  void router.navigate('/login', { state: { from: `${pathname}${search}` } });
}
