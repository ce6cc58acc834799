// The browser side of docs/data-contract.md §6: hydrate the prerendered page with its
// embedded data and the layout file every page shares, or render from scratch when the
// page is 404.html served for an unknown URL.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { DATA_SCRIPT_ID, primeData } from '../content/data-cache';
import { ROOT_ROUTE_ID } from '../content/hooks';
import { fetchLayout } from '../content/loaders';
import { embeddedDataMatches, routeDataUrl } from '../content/route-data-url';
import type { EmbeddedPageData } from '../content/types';
import { loadEveryDeferredPart, markHydrating } from '../lib/when-near-viewport';
import { yieldToMain } from '../lib/yield-to-main';
import { routes } from './routes';

function readEmbeddedData(): EmbeddedPageData | null {
  const script = document.getElementById(DATA_SCRIPT_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as EmbeddedPageData;
  } catch (error) {
    console.error('The embedded page data is not valid JSON', error);
    return null;
  }
}

/**
 * Loads the screen modules of the current URL's matches before hydrating, so the
 * first client render is the server's (React Router's SSR pattern for lazy routes).
 * Returns the id of the deepest match.
 */
async function resolveLazyMatches(): Promise<string | undefined> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  return matches.at(-1)?.route.id;
}

/** Logs what React recovered from (a hydration mismatch, above all) so tests can see it. */
function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  console.error('React recovered from an error (hydration mismatch?):', error, info.componentStack ?? '');
}

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

function routerInitialized(router: BrowserRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export type StartedClient = { mode: 'hydrate' | 'render'; root: Root };

export async function startClient(container: HTMLElement): Promise<StartedClient> {
  const embedded = readEmbeddedData();
  if (embedded && embeddedDataMatches(embedded.path, window.location.pathname)) {
    primeData(routeDataUrl(window.location.pathname), embedded.route);
    // The layout file is on its way already (the entry asked for it after the first
    // paint), beside the screen's modules.
    const [leafRouteId, layout] = await Promise.all([resolveLazyMatches(), fetchLayout()]);
    const loaderData: Record<string, unknown> = { [ROOT_ROUTE_ID]: layout };
    if (leafRouteId && leafRouteId !== ROOT_ROUTE_ID) loaderData[leafRouteId] = embedded.route;
    // Matching the routes, creating the router and starting the hydration each take a
    // slow phone tens of milliseconds of code run for the first time: a task each.
    await yieldToMain();
    const router = createBrowserRouter(routes, { hydrationData: { loaderData } });
    await yieldToMain();
    markHydrating();
    const stopWatching = router.subscribe(() => {
      stopWatching();
      loadEveryDeferredPart();
    });
    // In a transition, React hydrates in slices that yield to the browser (about 5 ms
    // each) instead of one long task: the page stays responsive to a tap or a scroll
    // while a slow phone hydrates it (Lighthouse's Total Blocking Time).
    // startTransition runs its callback synchronously, so root is set when it returns.
    let root!: Root;
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
        { onRecoverableError: reportRecoverableError },
      );
    });
    return { mode: 'hydrate', root };
  }

  // Keep showing the prerendered page until the screen's module and data are in.
  const router = createBrowserRouter(routes);
  await routerInitialized(router);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { mode: 'render', root };
}
