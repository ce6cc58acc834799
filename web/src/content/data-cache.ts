// Browser-side cache of the JSON chunks: each URL is fetched at most once per visit.
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
 * Fetches a JSON chunk once. Resolves to `null` on HTTP 404 (the route was not
 * prerendered: the screen shows its "not found" state); rejects on any other failure
 * and forgets the attempt so a later navigation can retry.
 */
export function fetchData<T>(url: string): Promise<T | null> {
  const key = keyOf(url);
  const cached = cache.get(key);
  if (cached) return cached as Promise<T | null>;
  const pending = fetch(url, { headers: { Accept: 'application/json' } }).then(async (response) => {
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Loading ${url} failed with HTTP ${response.status}`);
    return (await response.json()) as T;
  });
  pending.catch(() => cache.delete(key));
  cache.set(key, pending);
  return pending;
}

/** For tests. */
export function clearDataCache(): void {
  cache.clear();
}
