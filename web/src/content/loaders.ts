// Route loaders: the same functions run on the server (prerender, data from the
// request context sitegen sent) and in the browser (data from the pages themselves).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { fetchData, fetchRouteData } from './data-cache';
import { layoutDataUrl, routeDataUrl } from './route-data-url';
import type { Layout, PrerenderData, RouteData } from './types';

/** The request context of a prerender (`handler.query(…, { requestContext: data })`). */
function prerenderData(context: unknown): PrerenderData | null {
  if (typeof context === 'object' && context !== null && 'layout' in context && 'route' in context) {
    return context as PrerenderData;
  }
  return null;
}

/** In the browser, the layout every page shares, from the file the page names (once a visit). */
export async function fetchLayout(): Promise<Layout> {
  const url = layoutDataUrl();
  const layout = await fetchData<Layout>(url);
  if (!layout) throw new Error(`${url} is missing`);
  return layout;
}

/** A redirect for an old URL, or `null`: its code loads only when a URL has no data of its own. */
async function redirectForOldUrl(url: URL): Promise<Response | null> {
  return (await import('./redirects')).redirectForOldUrl(url);
}

/** The root route's loader: the layout data every page needs. */
export async function layoutLoader({ context }: LoaderFunctionArgs): Promise<Layout> {
  return prerenderData(context)?.layout ?? fetchLayout();
}

/**
 * A screen's loader: its route data; for a URL without a page of its own (not
 * prerendered) a redirect when it is an old URL (a renamed product, an alias), else
 * `null`, so the screen shows its not-found state.
 *
 * Routes without parameters fetch by their own path (so `/JobApplicationForm` and any
 * other spelling the case-insensitive router accepts reads the one page); routes with
 * parameters fetch by the URL's pathname.
 */
export function routeDataLoader(staticPath?: string) {
  return async function loadRouteData({
    context,
    request,
  }: LoaderFunctionArgs): Promise<RouteData<unknown> | Response | null> {
    const server = prerenderData(context);
    if (server) return server.route;
    const url = new URL(request.url);
    const data = await fetchRouteData<RouteData<unknown>>(routeDataUrl(staticPath ?? url.pathname));
    return data ?? redirectForOldUrl(url);
  };
}

/** The not-found screen's loader: in the browser, an old URL moves on to its page. */
export async function oldUrlLoader({ context, request }: LoaderFunctionArgs): Promise<Response | null> {
  if (prerenderData(context)) return null;
  return redirectForOldUrl(new URL(request.url));
}
