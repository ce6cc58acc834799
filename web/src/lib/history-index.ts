/**
 * Writes the index React Router keeps in `history.state.idx` now, as the entry script
 * runs, exactly as the router does when it starts and finds none. The router's own
 * `history.replaceState` came in the middle of its start after the first paint: a
 * same-document navigation that made that task wait on the browser (10-20 ms of wall
 * time for 3 ms of work on a busy machine, in Lighthouse's trace). An entry that has
 * an index (a reload, the back button) keeps it.
 */
export function numberFirstHistoryEntry(history: History = window.history): void {
  const state = history.state as { idx?: unknown } | null;
  if (state?.idx != null) return;
  history.replaceState({ ...state, idx: 0 }, '');
}
