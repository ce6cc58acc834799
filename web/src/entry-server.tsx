// The prerender side of docs/data-contract.md §5: render(url, data) → the page's markup
// (whole, or its screen in a frame), modules and status.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type DataRouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';
import { encodePathname } from './content/route-data-url';
import type { PrerenderData } from './content/types';
import { FrameCache, type RenderParts } from './app/frame-cache';
import type { RenderedPage } from './app/prerender-protocol.gen';
import { FrameDependenciesContext, FramePartsContext, WHOLE_PAGE } from './lib/frame-parts';
import { NOT_FOUND_ROUTE_ID, routes } from './app/routes';
import type { ScreenHandle } from './lib/route-handle';

const handler = createStaticHandler(routes);

/**
 * The request of every page: the loaders read the prerender's data from their context,
 * never the request, and the page's path goes to the handler apart (a Request a page
 * cost a thirtieth of a page's render). Made at import: a worker that boots early
 * loads Node's fetch classes while it waits for work.
 */
const PRERENDER_REQUEST = new Request('http://localhost/');

/** The frames of this worker's pages, one per navigation state. */
const workerFrames = new FrameCache();

/**
 * Renders the app at `url` with the data sitegen sent. The loaders read `data` from
 * the request context, so nothing is fetched. `modules` lists the manifest keys of
 * the lazy screen modules the page rendered.
 */
export function render(url: string, data: PrerenderData): Promise<RenderedPage> {
  return renderPage(url, data, workerFrames);
}

/** {@link render} with the frames kept in `frames`, or with every page rendered whole (`null`). */
export async function renderPage(url: string, data: PrerenderData, frames: FrameCache | null): Promise<RenderedPage> {
  const pathname = encodePathname(url);
  const context = await handler.query(PRERENDER_REQUEST, {
    requestContext: data,
    normalizePath: () => ({ pathname, search: '', hash: '' }),
  });
  if (context instanceof Response) {
    throw new Error(`${url} answered with a redirect (HTTP ${context.status}), not a page`);
  }
  if (context.errors) {
    const [first] = Object.values(context.errors);
    throw first instanceof Error ? first : new Error(`${url}: ${JSON.stringify(first)}`);
  }

  // The router of the matched branch only: createStaticRouter converts every route it
  // is given, on every call (a twelfth of a worker's time per page), and a render
  // reads no other route.
  const router = createStaticRouter(branchOf(context.matches), context);
  const state = { pathname: context.location.pathname, routeIds: context.matches.map((match) => match.route.id) };
  const renderParts: RenderParts = (parts, dependencies) =>
    renderToString(
      <StrictMode>
        <FramePartsContext value={parts}>
          <FrameDependenciesContext value={dependencies}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </FrameDependenciesContext>
        </FramePartsContext>
      </StrictMode>,
    );
  const page = frames ? frames.render(data.layout, state, renderParts) : { html: renderParts(WHOLE_PAGE, null) };

  const modules: string[] = [];
  for (const match of context.matches) {
    const module = (match.route.handle as ScreenHandle | undefined)?.module;
    if (module && !modules.includes(module)) modules.push(module);
  }
  const notFound = context.matches.some((match) => match.route.id === NOT_FOUND_ROUTE_ID);
  return { ...page, modules, status: notFound ? 404 : context.statusCode };
}

/** The matched routes as a route tree of one branch: each route with its matched child only. */
function branchOf(matches: StaticHandlerContext['matches']): DataRouteObject[] {
  return matches.reduceRight<DataRouteObject[]>(
    (children, { route }) => [{ ...route, children: children.length > 0 ? children : undefined } as DataRouteObject],
    [],
  );
}
