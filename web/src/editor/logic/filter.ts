import type { EntrySummary } from './api-types';

/** An entry with the text a filter looks in, lower-cased once (not at every keystroke). */
export type Searchable = { entry: EntrySummary; text: string };

export function searchable(entries: readonly EntrySummary[]): Searchable[] {
  return entries.map((entry) => ({
    entry,
    text: `${entry.id}\n${entry.title}\n${entry.category ?? ''}\n${entry.subcategory ?? ''}`.toLowerCase(),
  }));
}

/**
 * The entries whose id, title, category or subcategory hold every word of `query`, in
 * `category` when it is not empty: one pass of substring tests over prepared text, a few
 * milliseconds at 10,000 entries.
 */
export function filterEntries(all: readonly Searchable[], query: string, category = ''): EntrySummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const result: EntrySummary[] = [];
  for (const { entry, text } of all) {
    if (category && entry.category !== category) continue;
    if (words.every((word) => text.includes(word))) result.push(entry);
  }
  return result;
}
