import { useLoaderData, useRouteLoaderData } from 'react-router-dom';
import type { Layout, RouteData } from './types';

/** The id of the root route, whose loader provides the layout. */
export const ROOT_ROUTE_ID = 'root';

/** The layout data (site, contact, navigation, categories …) of every page. */
export function useLayoutData(): Layout {
  const layout = useRouteLoaderData(ROOT_ROUTE_ID) as Layout | undefined;
  if (!layout) throw new Error('useLayoutData() used outside the root route');
  return layout;
}

/** The current screen's route data; `null` when the route has no data (not found). */
export function useRouteData<P>(): RouteData<P> | null {
  return (useLoaderData() as RouteData<P> | null | undefined) ?? null;
}
