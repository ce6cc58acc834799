// The least the header needs of the quote list, on every page's first load (the home
// page's JavaScript budget): how many items it holds, and when that changes.

export const QUOTE_LIST_STORAGE_KEY = 'sitegen.quote-list.v1';

/** Fired on the window after this tab changes the list; other tabs get `storage`. */
export const QUOTE_LIST_CHANGE_EVENT = 'quote-list-change';

/** Calls `onChange` after any change of the list, in this tab or another. */
export function subscribeToQuoteList(onChange: () => void, target: EventTarget = window): () => void {
  target.addEventListener('storage', onChange);
  target.addEventListener(QUOTE_LIST_CHANGE_EVENT, onChange);
  return () => {
    target.removeEventListener('storage', onChange);
    target.removeEventListener(QUOTE_LIST_CHANGE_EVENT, onChange);
  };
}

/** The number of stored items (0 when storage is empty, blocked or damaged). */
export function quoteListCount(): number {
  try {
    const items: unknown = JSON.parse(localStorage.getItem(QUOTE_LIST_STORAGE_KEY) ?? '[]');
    return Array.isArray(items) ? items.length : 0;
  } catch {
    return 0;
  }
}
