// The least the header needs of the quote list, on every page's first load (the home
// page's JavaScript budget): how many items it holds (lib/local-storage-change.ts says when
// that changes).

export const QUOTE_LIST_STORAGE_KEY = 'quote-list';

/** The number of stored items (0 when storage is empty, blocked or damaged). */
export function quoteListCount(): number {
  try {
    // No list parses as null.
    const items: unknown = JSON.parse(String(localStorage.getItem(QUOTE_LIST_STORAGE_KEY)));
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}
