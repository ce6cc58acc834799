// The quote list and the outbox keep their state in localStorage; the header's counts and
// notices follow both, in this tab and in the others.

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
