import { act } from 'react';
import { afterEach, vi } from 'vitest';
import { DATA_SCRIPT_ID, startClient, type StartedClient } from '../app/start-client';
import { clearDataCache } from '../content/data-cache';
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

/**
 * A `fetch` as the host answers it: the layout file at {@link LAYOUT_URL}, each of
 * `chunks` (by URL) as JSON, and 404 for anything else.
 */
export function hostFetch(chunks: Record<string, unknown> = {}, layout: Layout = layoutFixture) {
  const files: Record<string, unknown> = { [LAYOUT_URL]: layout, ...chunks };
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    return url in files ? Response.json(files[url]) : new Response('Not found', { status: 404 });
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
