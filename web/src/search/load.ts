import { fetchData } from '../content/data-cache';
import type { Load, Manifest } from './engine';

/** The index's manifest, written by sitegen; its chunks' paths are relative to the root. */
export const MANIFEST_URL = '/data/search-index.json';

/** Loads an index file once per visit (chunk names change with their bytes). */
export const loadIndexFile: Load = async <T,>(path: string): Promise<T> => {
  const data = await fetchData<T>(path.startsWith('/') ? path : `/${path}`);
  if (data === null) throw new Error(`The search index file ${path} is missing`);
  return data;
};

let loadedManifest: Manifest | null = null;

export function loadManifest(): Promise<Manifest> {
  return loadIndexFile<Manifest>(MANIFEST_URL).then((manifest) => (loadedManifest = manifest));
}

/** The manifest once loaded: a search can then ask for its files without waiting a turn. */
export function manifestIfLoaded(): Manifest | null {
  return loadedManifest;
}
