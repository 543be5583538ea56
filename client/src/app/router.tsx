// The route table of spec section 2, made from the page table (pages.ts). Every
// page is its own chunk, loaded on the way to it: the route's element suspends
// until its code is in, and the navigation, a transition (app-router.tsx), keeps
// the previous page on screen meanwhile. React Router runs here as a plain
// (declarative) router: its data router, which the app never used for data,
// stayed out of every page's first load.
import { use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../auth/guards';
import { RootLayout } from '../layout/RootLayout';
import { pageTitle, type RouteHandle } from '../layout/page-title';
import NotFoundPage from '../pages/NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { DASHBOARD, DASHBOARD_PAGES, PUBLIC_PAGES, SIGNED_IN_PAGES, type PageDeclaration } from './pages';

/** What a route carries besides its element: its tab title, and how to load its code ahead of drawing it. */
export interface AppRouteHandle extends Partial<RouteHandle> {
  preload?: () => Promise<void>;
}

/**
 * A page whose code loads on first use. Once loaded it draws at once (no
 * suspension), which the server's render and the client's first (hydrating)
 * render both need: they preload the matched pages first (preloadRoutes).
 */
function lazyElement(load: PageDeclaration['load']): { element: ReactNode; preload: () => Promise<void> } {
  let Page: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Page = module.default;
      },
      (error: unknown) => {
        loading = null; // a chunk that failed to download is asked for again next time
        throw error;
      },
    ));
  function LazyPage() {
    if (!Page) use(preload());
    const Loaded = Page as unknown as ComponentType;
    return <Loaded />;
  }
  return { element: <LazyPage />, preload };
}

/** A lazily loaded page and its tab title (RootLayout shows it, unless the page names itself). */
function lazyPage(title: PageDeclaration['title'], load: PageDeclaration['load']): Pick<RouteObject, 'element' | 'handle'> {
  const { element, preload } = lazyElement(load);
  const named = title ? (typeof title === 'string' ? { title } : title) : {};
  return { element, handle: { ...named, preload } satisfies AppRouteHandle };
}

/** A page's route: the index route for an empty path; behind its role gate when it has roles (loaded with the page, not at start-up). */
function routeOf({ path, title, load, roles }: PageDeclaration): RouteObject {
  const gated: PageDeclaration['load'] = roles
    ? async () => {
        const [{ default: Page }, { RoleGate }] = await Promise.all([load(), import('../auth/RoleGate')]);
        const GatedPage: ComponentType = () => (
          <RoleGate roles={roles}>
            <Page />
          </RoleGate>
        );
        return { default: GatedPage };
      }
    : load;
  return { ...(path ? { path } : { index: true }), ...lazyPage(title, gated) };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors thrown while drawing any page show the 404 page inside the layout.
        element: (
          <RouteErrorBoundary fallback={<NotFoundPage />}>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          ...PUBLIC_PAGES.map(routeOf),
          {
            element: <RequireAuth />,
            children: [
              ...SIGNED_IN_PAGES.map(routeOf),
              {
                path: DASHBOARD.path,
                ...lazyPage(DASHBOARD.title, DASHBOARD.load),
                children: [{ index: true, ...lazyPage(null, DASHBOARD.home) }, ...DASHBOARD_PAGES.map(routeOf)],
              },
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } satisfies AppRouteHandle },
        ],
      },
    ],
  },
];

/** The routes that match a location, outermost first (empty when none does). */
export const matchedRoutes = (location: { pathname: string }) => matchRoutes(routes, location) ?? [];

/** Loads the code of every page the location draws, so that drawing it does not wait (the server's render, the first render). */
export async function preloadRoutes(location: { pathname: string }): Promise<void> {
  await Promise.all(matchedRoutes(location).map((match) => (match.route.handle as AppRouteHandle | undefined)?.preload?.()));
}

/** The page the current location names, in the layout, and its tab title (the innermost route's that has one). */
export function AppRoutes() {
  const location = useLocation();
  const title = pageTitle(matchedRoutes(location).map(({ route }) => ({ handle: route.handle })));
  const page = useRoutes(routes);
  return (
    <>
      {title && <title>{title}</title>}
      {page}
    </>
  );
}
