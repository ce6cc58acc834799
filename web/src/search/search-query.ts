import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { QUERY_PARAM, parseQuery } from './query';

/**
 * The search query, kept in the URL (`?q=`) so that reload, Back and a shared link show
 * the same results. Empty until hydrated, as the prerendered page is.
 *
 * The box shows its own state: the router applies URL changes in a transition, after
 * the route's loader, so a box fed from the URL would drop keystrokes typed meanwhile.
 * The URL follows the box (the first character adds a history entry, the next ones
 * replace it); the box takes the URL's query when it is reached otherwise (hydration,
 * Back, Forward).
 */
export function useSearchQuery(hydrated: boolean): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlQuery = hydrated ? parseQuery(params.get(QUERY_PARAM)) : '';
  const [value, setValue] = useState(urlQuery);
  const [seenKey, setSeenKey] = useState<string | null>(hydrated ? location.key : null);
  if (hydrated && seenKey !== location.key) {
    setSeenKey(location.key);
    if (seenKey === null || navigationType === 'POP') setValue(urlQuery);
  }
  const setQuery = (typed: string) => {
    const cut = parseQuery(typed);
    setValue(cut);
    const next = new URLSearchParams(params);
    if (cut) next.set(QUERY_PARAM, cut);
    else next.delete(QUERY_PARAM);
    setParams(next, { replace: params.has(QUERY_PARAM), preventScrollReset: true });
  };
  return [value, setQuery];
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
