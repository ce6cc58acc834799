// Browser-side cache of the data the app reads (the JSON files, and the data a page
// carries): each URL is fetched at most once per visit.
import { safeDecode } from './route-data-url';

const cache = new Map<string, Promise<unknown>>();

/** Cache key: the decoded URL, so "%20" and " " spellings share one entry. */
function keyOf(url: string): string {
  return safeDecode(url);
}

/** Seeds the cache with data the page already carries (the embedded JSON). */
export function primeData(url: string, data: unknown): void {
  cache.set(keyOf(url), Promise.resolve(data));
}

/**
 * Fetches a JSON file once. Resolves to `null` on HTTP 404 (the route was not
 * prerendered: the screen shows its "not found" state); rejects on any other failure
 * and forgets the attempt so a later navigation can retry.
 */
export function fetchData<T>(url: string): Promise<T | null> {
  return fetchOnce(url, async () => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
    return (await response.json()) as T;
  });
}

/** The id of the script that carries a page's data (`templates/page.html`). */
export const DATA_SCRIPT_ID = '__SITEGEN_DATA__';

const DATA_SCRIPT_START = `<script id="${DATA_SCRIPT_ID}" type="application/json">`;

/**
 * The data a page carries (`EmbeddedPageData`'s `route`), cut out of its HTML without
 * parsing the page: the JSON holds no `<` (sitegen escapes it), so the script ends at
 * the first `</script>` after its start. `null` when the page carries none.
 */
export function embeddedRouteData(html: string): unknown {
  const start = html.lastIndexOf(DATA_SCRIPT_START);
  if (start < 0) return null;
  const from = start + DATA_SCRIPT_START.length;
  const end = html.indexOf('</script>', from);
  if (end < 0) return null;
  return (JSON.parse(html.slice(from, end)) as { route?: unknown }).route ?? null;
}

/**
 * A route's data, read once from its page (the app's data for a client-side
 * navigation is the page's own: no file of its own). Resolves to `null` when the URL
 * has no page of its own: a 404, or a host's redirect to another URL (an old URL, which
 * the caller sends on); rejects on any other failure and forgets the attempt.
 */
export function fetchRouteData<T>(url: string): Promise<T | null> {
  return fetchOnce(url, async () => {
    const response = await fetch(url, { headers: { Accept: 'text/html' } });
    if (response.status === 404 || response.redirected) return null;
    if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
    return embeddedRouteData(await response.text()) as T | null;
  });
}

function fetchOnce<T>(url: string, load: () => Promise<T | null>): Promise<T | null> {
  const key = keyOf(url);
  const cached = cache.get(key);
  if (cached) return cached as Promise<T | null>;
  const pending = load();
  pending.catch(() => cache.delete(key));
  cache.set(key, pending);
  return pending;
}

/** For tests. */
export function clearDataCache(): void {
  cache.clear();
}
