// The web router, built from the route table that Rust declares (route-table.gen.ts,
// written by `sitegen gen` from crates/sitegen-content/src/routes.rs). This file only
// turns each generated route into a React Router route; what the routes are, their
// screen modules and their data come from the table. React Router matches paths
// case-insensitively (its default), so `/JobApplicationForm` reaches the job form.
import type { RouteObject } from 'react-router-dom';
import { layoutLoader, oldUrlLoader, routeDataLoader } from '../content/loaders';
import { ROOT_ROUTE_ID } from '../content/hooks';
import type { ScreenHandle } from '../lib/route-handle';
import { ROUTE_MODULES } from '../lib/route-modules.gen';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './RouteError';
import { ROUTE_TABLE, type RouteEntry, type RouteId } from './route-table.gen';

/** The route id of the catch-all screen: its match means HTTP status 404. */
export const NOT_FOUND_ROUTE_ID = 'not-found' satisfies RouteId;

/** The router's route for a declared route with a screen; `null` for an alias. */
function screenRoute(id: RouteId, entry: RouteEntry): RouteObject | null {
  const { load } = entry;
  // An alias has no screen: the case-insensitive match or data/redirects.json moves it on.
  if (!load) return null;
  const route = {
    id,
    // Only the prerender reads the screen's module (the browser's bundle leaves the
    // names out).
    handle:
      import.meta.env.SSR || import.meta.env.MODE === 'test'
        ? ({ module: ROUTE_MODULES[id as keyof typeof ROUTE_MODULES] } satisfies ScreenHandle)
        : undefined,
    loader:
      // `/products/{id}` and content aliases have no screen: their loader moves them on.
      id === NOT_FOUND_ROUTE_ID
        ? oldUrlLoader
        : entry.data === 'none'
          ? undefined
          : routeDataLoader(entry.data === 'static' ? entry.path : undefined),
    lazy: async () => ({ Component: (await load()).default }),
  };
  // The home page is the root route's index route.
  return entry.path === '/' ? { ...route, index: true } : { ...route, path: entry.path };
}

const screens = Object.entries(ROUTE_TABLE as Record<RouteId, RouteEntry>).flatMap(([id, entry]) => {
  const route = screenRoute(id as RouteId, entry);
  return route ? [route] : [];
});

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: layoutLoader,
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      {
        // Pathless: an error in a screen keeps the frame around the error message.
        id: 'screens',
        errorElement: <RouteError />,
        children: screens,
      },
    ],
  },
];
