import { act } from 'react';
import { afterEach, vi } from 'vitest';
import { startClient, type StartedClient } from '../app/start-client';
import { clearDataCache, DATA_SCRIPT_ID } from '../content/data-cache';
import type { EmbeddedPageData, Layout } from '../content/types';
import { layoutFixture } from './fixtures';

/** The layout file the test pages name. */
export const LAYOUT_URL = '/assets/layout.1a2b3c4d.json';

/**
 * Lays out a prerendered page's document as the page shell does (docs/data-contract.md
 * §6): the entry script naming the layout file, the app's markup `html` in `#root`,
 * and the embedded data. Returns `#root`.
 */
export function layOutPrerenderedPage(html: string, embedded: EmbeddedPageData): HTMLElement {
  const json = JSON.stringify(embedded).replace(/</g, '\\u003c');
  document.body.innerHTML =
    `<script type="module" data-layout="${LAYOUT_URL}"></script>` +
    `<div id="root">${html}</div>` +
    `<script id="${DATA_SCRIPT_ID}" type="application/json">${json}</script>`;
  return document.getElementById('root') as HTMLElement;
}

/** The HTML of a page carrying `route` as its data, as sitegen writes it (markup left out). */
export function pageCarrying(path: string, route: unknown): string {
  const json = JSON.stringify({ path, route }).replace(/</g, '\\u003c');
  return `<!doctype html><html><head></head><body><div id="root"></div><script id="${DATA_SCRIPT_ID}" type="application/json">${json}</script></body></html>`;
}

/**
 * A `fetch` as the host answers it: the layout file at {@link LAYOUT_URL}, each of
 * `files` (by URL) as JSON when its URL ends in `.json`, else as a page carrying it as
 * its route data, and 404 for anything else.
 */
export function hostFetch(files: Record<string, unknown> = {}, layout: Layout = layoutFixture) {
  const served: Record<string, unknown> = { [LAYOUT_URL]: layout, ...files };
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    if (!(url in served)) return new Response('Not found', { status: 404 });
    if (url.endsWith('.json')) return Response.json(served[url]);
    return new Response(pageCarrying(decodeURIComponent(url), served[url]), { headers: { 'Content-Type': 'text/html' } });
  };
}

/**
 * A function that starts the client on a laid-out page inside act(). Called at the top
 * of a test file: after each test, the client started last is unmounted and the data
 * cache, the document and the stubbed globals are reset.
 */
export function clientStarter(): (container: HTMLElement) => Promise<StartedClient> {
  let started: StartedClient | undefined;
  afterEach(() => {
    act(() => started?.root.unmount());
    started = undefined;
    clearDataCache();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });
  return async (container) => {
    await act(async () => {
      started = await startClient(container);
    });
    return started!;
  };
}
