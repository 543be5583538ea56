// The route table of spec section 2, made from the page table (pages.ts). Every
// page is its own chunk (lazy).
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../auth/guards';
import { RootLayout } from '../layout/RootLayout';
import type { RouteHandle } from '../layout/page-title';
import NotFoundPage from '../pages/NotFoundPage';
import { LoadingScreen } from '../ui/LoadingScreen';
import { DASHBOARD, DASHBOARD_PAGES, PUBLIC_PAGES, SIGNED_IN_PAGES, type PageDeclaration } from './pages';

/** A lazily loaded page and its tab title (RootLayout shows it, unless the page names itself). */
const lazyPage = (title: PageDeclaration['title'], load: PageDeclaration['load']): Pick<RouteObject, 'lazy' | 'handle'> => ({
  lazy: async () => ({ Component: (await load()).default }),
  ...(title ? { handle: (typeof title === 'string' ? { title } : title) satisfies RouteHandle } : {}),
});

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
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        // Errors thrown while rendering or loading any page show the 404 page inside the layout.
        errorElement: <NotFoundPage />,
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
          { path: '*', element: <NotFoundPage />, handle: { title: 'Page Not Found' } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
