import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Console errors, page errors and failed same-origin responses seen during a test. */
export type Problems = { console: string[]; page: string[]; responses: string[] };

/**
 * The test fixture every e2e test uses: the network is locked to the site's own
 * origin (a test never depends on the outside world), and every console error or
 * uncaught exception is collected so tests can assert there were none (hydration
 * mismatches are reported through console.error by the client entry).
 */
export const test = base.extend<{ problems: Problems }>({
  problems: async ({ page, baseURL }, use) => {
    const problems: Problems = { console: [], page: [], responses: [] };
    await page.context().route(
      (url) => !url.href.startsWith(baseURL ?? ''),
      (route) => route.abort(),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') problems.console.push(message.text());
    });
    page.on('pageerror', (error) => problems.page.push(String(error)));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.responses.push(`${response.status()} ${response.url()}`);
    });
    await use(problems);
  },
});

export { expect };

/** The URL of the layout file every page names (`data-layout` on the entry script). */
export async function layoutUrl(request: APIRequestContext): Promise<string> {
  const home = await (await request.get('/')).text();
  const url = /data-layout="([^"]+)"/.exec(home)?.[1];
  if (!url) throw new Error('The home page names no layout file');
  return url;
}

/** The layout every page shares, as the site serves it. */
export async function siteLayout<T>(request: APIRequestContext): Promise<T> {
  return (await (await request.get(await layoutUrl(request))).json()) as T;
}

/** Waits until React has hydrated (or rendered) the page. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

/**
 * Uncaught errors, console errors and failed responses (with their URLs). Blocked
 * third-party requests (the maps embed) are not the app's errors; Chromium's own
 * "Failed to load resource" console line is replaced by the response with its URL.
 * With `expect404`, 404 answers are expected (a not-found page and its missing chunk).
 */
export function appErrors(problems: Problems, options: { expect404?: boolean } = {}): string[] {
  return [
    ...problems.page,
    ...problems.console.filter(
      (text) => !text.includes('net::ERR_FAILED') && !text.startsWith('Failed to load resource'),
    ),
    ...problems.responses.filter((line) => !(options.expect404 && line.startsWith('404 '))),
  ];
}

/** The URLs that the page requests from now on and that contain `part`, in order. */
export function requestsTo(page: Page, part: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(part)) urls.push(request.url());
  });
  return urls;
}

/**
 * Whether content-visibility skips the element's rendering: no style, layout or paint
 * yet, so its lazy images and frames are not fetched either, however generous the
 * browser's lazy-loading distance.
 */
export function isRenderingSkipped(element: Locator): Promise<boolean> {
  return element.evaluate((node) => !node.checkVisibility({ contentVisibilityAuto: true }));
}

/** Whether React has hydrated the element `selector` (it keeps its fiber on each element it owns). */
export async function isHydrated(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

/**
 * Brings the footer near the viewport, as a visitor scrolling down does, and waits until
 * React has hydrated it: its code loads only then (app/layout/RootLayout.tsx).
 */
export async function reachFooter(page: Page): Promise<void> {
  await page.locator('footer.site-footer').scrollIntoViewIfNeeded();
  await expect.poll(() => isHydrated(page, 'footer.site-footer')).toBe(true);
}

/**
 * Holds every script of the site until the returned function is called, or every one
 * but the entry (the app's code has not arrived, the entry's first lines have run).
 */
export function holdScripts(page: Page, { exceptEntry = false } = {}): () => void {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  void page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!(exceptEntry && /\/entry-client-[^/]*\.js$/.test(route.request().url()))) await released;
    await route.continue();
  });
  return release;
}
