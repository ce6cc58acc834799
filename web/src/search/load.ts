import { fetchData } from '../content/data-cache';
import type { Load, Manifest } from './engine';
import { SEARCH_FORMAT_VERSION } from './index-format.gen';

/** The index's manifest, written by sitegen; its chunks' paths are relative to the root. */
export const MANIFEST_URL = '/data/search-index.json';

/** Loads an index file once per visit (chunk names change with their bytes). */
export const loadIndexFile: Load = async <T,>(path: string): Promise<T> => {
  const data = await fetchData<T>(path.startsWith('/') ? path : `/${path}`);
  if (data === null) throw new Error(`The search index file ${path} is missing`);
  return data;
};

let loadedManifest: Manifest | null = null;

/** Set for the tab once it reloaded for a newer index: it does not reload again. */
const RELOADED_KEY = 'search-index-reloaded';

/**
 * The index in the format this code reads. An index of another format (the site was
 * deployed since this page loaded) reloads the page once, which brings code that reads
 * it; wrong results are never shown.
 */
export function loadManifest(): Promise<Manifest> {
  return loadIndexFile<Manifest>(MANIFEST_URL).then((manifest) => {
    if (manifest.version !== SEARCH_FORMAT_VERSION) {
      if (sessionStorage.getItem(RELOADED_KEY) === null) {
        sessionStorage.setItem(RELOADED_KEY, String(manifest.version));
        window.location.reload();
      }
      throw new Error(`The search index has format ${manifest.version}, this page reads ${SEARCH_FORMAT_VERSION}`);
    }
    return (loadedManifest = manifest);
  });
}

/** The manifest once loaded: a search can then ask for its files without waiting a turn. */
export function manifestIfLoaded(): Manifest | null {
  return loadedManifest;
}
