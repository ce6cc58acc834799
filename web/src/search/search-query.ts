import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { QUERY_PARAM, parseQuery } from './query';
import type * as SearchResultsModule from './SearchResults';

/** The URL follows the box once typing pauses this long (or the box loses the focus). */
export const URL_DELAY_MS = 400;

/**
 * The search query, kept in the URL (`?q=`) so that reload, Back and a shared link show
 * the same results. Empty until hydrated, as the prerendered page is.
 *
 * The box shows its own state: the router applies a URL change in a transition, after
 * the route's loader, and renders the whole route again, so a box fed from the URL drops
 * keystrokes and every keystroke costs a navigation. The first character adds a history
 * entry at once; the next ones replace it once typing pauses, or at once when the box
 * loses the focus (`flush`: a result is being chosen). The box takes the URL's query
 * when the URL is reached otherwise (hydration, Back, Forward).
 *
 * The box works before the app does: letters typed while the code loads or the page
 * hydrates are in the box alone (React keeps a hydrated input's value), so they are
 * taken over as the query as soon as the box is hydrated, before anything renders again.
 */
export function useSearchQuery(
  hydrated: boolean,
  box: RefObject<HTMLInputElement | null>,
): [string, (value: string) => void, () => void] {
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

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<URLSearchParams | null>(null);
  // The entry the first character's push left, until the router has moved on from it.
  const pushedFrom = useRef<string | null>(null);
  useEffect(() => {
    if (pushedFrom.current !== location.key) pushedFrom.current = null;
  }, [location.key]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const replaceUrl = (next: URLSearchParams) => {
    pending.current = null;
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const setQuery = (typed: string) => {
    const cut = parseQuery(typed);
    setValue(cut);
    const next = new URLSearchParams(params);
    if (cut) next.set(QUERY_PARAM, cut);
    else next.delete(QUERY_PARAM);
    clearTimeout(timer.current);
    const hasEntry = params.has(QUERY_PARAM) || pushedFrom.current === location.key;
    if (!hasEntry && cut) {
      pending.current = null;
      pushedFrom.current = location.key;
      setParams(next, { preventScrollReset: true });
      return;
    }
    pending.current = next;
    timer.current = setTimeout(() => replaceUrl(next), URL_DELAY_MS);
  };
  const adoptEarlyTyping = useEffectEvent(() => {
    // Only a hydrating box can hold what React did not render; the prerendered box is
    // empty, so anything in it now was typed.
    const typed = box.current?.value ?? '';
    if (hydrated || !typed) return;
    setSeenKey(location.key);
    setQuery(typed);
  });
  // Read from the page (outside React) once, before the browser paints again.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => adoptEarlyTyping(), []);
  const flush = () => {
    const next = pending.current;
    if (!next) return;
    clearTimeout(timer.current);
    // Written into the history at once, so that a result chosen now, before the
    // router's replace lands, leaves the query for Back.
    const search = next.toString();
    window.history.replaceState(window.history.state, '', location.pathname + (search ? `?${search}` : ''));
    replaceUrl(next);
  };
  return [value, setQuery, flush];
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

/**
 * Starts the search for what the box now holds, from the keystroke itself: the index
 * files are on their way while React renders (the results then take the same search).
 */
export function searchAhead(typed: string, category: string | null): void {
  const query = parseQuery(typed);
  if (!query) return;
  const start = (module: SearchModule) => void module.startSearch(query, category).catch(() => undefined);
  // Called at once when the code is in (the box was focused), so the requests leave
  // before React renders the keystroke.
  if (searchModule) start(searchModule);
  else void loadSearch().then(start);
}

type SearchModule = typeof SearchResultsModule;
let searchModule: SearchModule | null = null;

function loadSearch(): Promise<SearchModule> {
  return import('./SearchResults').then((module) => (searchModule = module));
}

/** The loaded search's code: fetched when the box is first focused, or for a `?q=`. */
export function preloadSearch(): void {
  void loadSearch().then((module) => module.preloadIndex());
}
