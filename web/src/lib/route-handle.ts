import { useMatches } from 'react-router-dom';
import type { RouteId } from './route-paths.gen';

/** What a route declares in its `handle`. */
export type ScreenHandle = {
  /** The screen's module as a Vite manifest key (source path relative to web/). */
  module: string;
};

/** The id of the deepest matched route (the current screen), as the route table names it. */
export function useScreenRouteId(): RouteId | undefined {
  return useMatches().at(-1)?.id as RouteId | undefined;
}
