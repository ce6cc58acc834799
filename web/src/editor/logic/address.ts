import type { EntryId } from './api-types';

/** What is open: a file, and in an entries file an entry or the file's other keys (`settings`). */
export type Place = { file: string | null; entry: EntryId | 'new' | null; settings?: boolean };

/** Where the editor is, from its address's query (`?file=products.toml&entry=17`), so a reload keeps it. */
export function placeFromQuery(search: string): Place {
  const query = new URLSearchParams(search);
  const entry = query.get('entry');
  return {
    file: query.get('file'),
    entry: entry === null || entry === 'new' ? null : /^\d+$/.test(entry) ? Number(entry) : entry,
    settings: query.has('settings'),
  };
}

/**
 * The query of the address that shows `place`. The `token` of the current query is kept:
 * off this computer the editor's page opens only with it, so a reload or a bookmark needs it.
 */
export function queryOfPlace(place: Place, currentSearch: string): string {
  const query = new URLSearchParams();
  const token = new URLSearchParams(currentSearch).get('token');
  if (token !== null) query.set('token', token);
  if (place.file) query.set('file', place.file);
  if (place.entry !== null && place.entry !== 'new') query.set('entry', String(place.entry));
  if (place.settings) query.set('settings', '');
  return query.size ? `?${query}` : '';
}
