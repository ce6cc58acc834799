// The least the header needs of the quote list, on every page's first load (the home
// page's JavaScript budget): how many items it holds, and when that changes.

export const QUOTE_LIST_STORAGE_KEY = 'quote-list';

/** Fired on the window after this tab changes the list or the outbox; other tabs get `storage`. */
export const LOCAL_STORAGE_CHANGE_EVENT = 'storage-change';

/** Calls `onChange` after a change of the list or the outbox, in this tab or another. */
export function subscribeToLocalStorage(onChange: () => void, target: EventTarget = window): () => void {
  target.addEventListener('storage', onChange);
  target.addEventListener(LOCAL_STORAGE_CHANGE_EVENT, onChange);
  return () => {
    target.removeEventListener('storage', onChange);
    target.removeEventListener(LOCAL_STORAGE_CHANGE_EVENT, onChange);
  };
}

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
