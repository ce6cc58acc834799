import { useSearchParams } from 'react-router-dom';
import { QUERY_PARAM, parseQuery } from './query';


/**
 * The search query, kept in the URL (`?q=`) so that reload, Back and a shared link show
 * the same results. Empty until hydrated, as the prerendered page is. Typing the first
 * character adds a history entry; the next ones replace it.
 */
export function useSearchQuery(hydrated: boolean): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const query = hydrated ? parseQuery(params.get(QUERY_PARAM)) : '';
  const setQuery = (value: string) => {
    const next = new URLSearchParams(params);
    const cut = parseQuery(value);
    if (cut) next.set(QUERY_PARAM, cut);
    else next.delete(QUERY_PARAM);
    setParams(next, { replace: params.has(QUERY_PARAM), preventScrollReset: true });
  };
  return [query, setQuery];
}

/** The links of the shown results, in order. */
function resultLinks(): HTMLAnchorElement[] {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('.search-result-title a'));
}

/** Moves the focus to the first result (ArrowDown in the search box). */
export function focusFirstResult(): boolean {
  const first = resultLinks()[0];
  first?.focus();
  return first !== undefined;
}

/** The loaded search's code: fetched when the box is first focused, or for a `?q=`. */
export function preloadSearch(): void {
  void import('./SearchResults').then((module) => module.preloadIndex());
}
