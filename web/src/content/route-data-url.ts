// Where the browser finds a route's JSON chunk (docs/data-contract.md §3).
import { ROUTE_ALIASES } from './data-files.gen';

/**
 * The URL of the layout file every page shares (`/assets/layout.{hash}.json`, cached
 * for a year), which the page shell names on the entry script's `data-layout`
 * (docs/data-contract.md §6).
 */
export function layoutDataUrl(doc: Document = document): string {
  const url = doc.querySelector<HTMLScriptElement>('script[data-layout]')?.dataset.layout;
  if (!url) throw new Error('The page names no layout file (data-layout on its entry script)');
  return url;
}

/** Strips one trailing slash, except from the root path. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * The URL a route's data is read from: its own page, which carries the data
 * (docs/data-contract.md §3), at its canonical path as the URL has it
 * (percent-encoded, without a trailing slash, an alias read from its route):
 * `/aboutUs/` → `/aboutUs`, `/JobApplicationForm` → `/jobapplicationform`.
 */
export function routeDataUrl(pathname: string): string {
  const path = withoutTrailingSlash(pathname);
  return ROUTE_ALIASES[path] ?? path;
}

/**
 * Encodes each segment of a path that may arrive decoded ("/services/Dental centre
 * setup ") or already encoded, so `new URL` neither trims a trailing space nor
 * double-encodes a `%`.
 */
export function encodePathname(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(safeDecode(segment)))
    .join('/');
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether the page's embedded data belongs to the URL the browser shows (then the
 * app hydrates); when 404.html is served for an unknown URL it does not (then the
 * app renders from scratch). Compares decoded paths without a trailing slash.
 */
export function embeddedDataMatches(dataPath: string | null, locationPathname: string): boolean {
  if (dataPath === null) return false;
  return (
    withoutTrailingSlash(safeDecode(locationPathname)) === withoutTrailingSlash(safeDecode(dataPath))
  );
}
