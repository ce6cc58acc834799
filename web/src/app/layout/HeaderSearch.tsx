import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_QUERY_LENGTH, QUERY_PARAM } from '../../search/query';

/** The search's code and index: fetched when the box is first focused, never for a page that only shows it. */
const preloadSearch = () =>
  void import('../../search/search-query').then((module) => module.preloadSearch()).catch(() => undefined);

/** A magnifier drawn inline: the icon library would add its runtime to every page's first load. */
function MagnifierIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="11" cy="11" r="8" />
      <path d="m21 21-4.3-4.3" />
    </svg>
  );
}

/**
 * The header's search on every page: a plain form to `/products?q=` that works before
 * the app has arrived and without JavaScript (the box is the browser's own, so nothing
 * typed early is lost); once hydrated, the results open in the app. Its placeholder is one
 * word: a phone's bar leaves the box room for no more beside the logo, quote list and menu.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new FormData(event.currentTarget).get(QUERY_PARAM);
    const text = typeof query === 'string' ? query.trim() : '';
    navigate(text ? `/products?${new URLSearchParams({ [QUERY_PARAM]: text }).toString()}` : '/products');
  };
  return (
    <form className="header-search" role="search" aria-label="Site" action="/products" method="get" onSubmit={submit}>
      <label htmlFor="header-search-box" className="visually-hidden">
        Search the catalogue
      </label>
      <input
        id="header-search-box"
        name={QUERY_PARAM}
        type="search"
        placeholder="Search"
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        enterKeyHint="search"
        onFocus={preloadSearch}
      />
      <button type="submit" className="header-search-submit">
        <MagnifierIcon />
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
