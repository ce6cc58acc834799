import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../components/link/AppLink';
import { useLayoutData } from '../content/hooks';
import { whatsAppUrl } from '../lib/contact-links';
import { useOpenQuote } from '../lib/quote-request';
import { categoryPath } from '../lib/paths';
import {
  documents,
  exactTitlesFirst,
  facetsOf,
  highlightParts,
  inCategory,
  search,
  type Facet,
  type Manifest,
  type FoundDoc,
} from './engine';
import { loadIndexFile, loadManifest, manifestIfLoaded } from './load';
import { QUERY_PARAM } from './query';
import './search.css';

/** Results shown at first, and added by each "Show more results". */
export const RESULTS_PER_PAGE = 10;

/** Starts loading the manifest (the box was focused): the first query then waits less. */
export function preloadIndex(): void {
  void loadManifest().catch(() => undefined);
}

type Shown = {
  query: string;
  /** The query's words the best results hold, and those they leave out. */
  keptTerms: string[];
  droppedTerms: string[];
  category: string | null;
  total: number;
  allFacets: Facet[];
  totalAll: number;
  docs: FoundDoc[];
  matchedWords: Set<string>;
  manifest: Manifest;
};

/** Searches kept with their results: typing back a query, or Back, shows them at once. */
const RECENT_SEARCHES = 16;
const recentSearches = new Map<string, Promise<Shown>>();

async function findResults(query: string, category: string | null, limit: number): Promise<Shown> {
  // Without a turn of waiting when the manifest is in: a search called from the keystroke
  // then asks for its files before React renders that keystroke.
  const manifest = manifestIfLoaded() ?? (await loadManifest());
  const result = await search(query, manifest, loadIndexFile);
  const ranked = inCategory(result.ranked, manifest.categories, category);
  const docs = await documents(ranked.slice(0, limit), manifest, loadIndexFile);
  return {
    query,
    keptTerms: result.keptTerms,
    droppedTerms: result.droppedTerms,
    category,
    total: ranked.length,
    allFacets: facetsOf(result.ranked, manifest.categories),
    totalAll: result.ranked.length,
    docs: limit === RESULTS_PER_PAGE ? exactTitlesFirst(docs, query) : docs,
    matchedWords: result.matchedWords,
    manifest,
  };
}

/**
 * The results of `query` (within `category`), the first `limit` of them with their
 * documents. Called from the keystroke itself, so the index files are on their way
 * before React renders; the results component then takes the same search.
 */
export function startSearch(query: string, category: string | null, limit = RESULTS_PER_PAGE): Promise<Shown> {
  const key = `${category ?? ''}\n${limit}\n${query}`;
  let found = recentSearches.get(key);
  if (!found) {
    found = findResults(query, category, limit);
    found.catch(() => recentSearches.delete(key));
    recentSearches.set(key, found);
    if (recentSearches.size > RECENT_SEARCHES) recentSearches.delete(recentSearches.keys().next().value!);
  }
  return found;
}

type SearchResultsProps = {
  query: string;
  /** The category page's category: results are limited to it; `null` on `/products`. */
  category: string | null;
  /** Where ArrowUp from the first result goes back to. */
  searchBox: () => HTMLInputElement | null;
};

function withQuery(path: string, query: string): string {
  return `${path}?${new URLSearchParams({ [QUERY_PARAM]: query }).toString()}`;
}

function Highlighted({ text, matched }: { text: string; matched: ReadonlySet<string> }) {
  return (
    <>
      {highlightParts(text, matched).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/** The message a search's enquiry opens with. */
export function enquiryText(query: string): string {
  return `I am looking for: ${query}`;
}

/**
 * "Can't find what you need? Ask us": a search never ends on a blank page. The quote
 * form opens with the query in its message, or the WhatsApp chat with the same text.
 */
function AskUs({ query }: { query: string }) {
  const openQuote = useOpenQuote();
  const { contact } = useLayoutData();
  const whatsApp = whatsAppUrl(contact.chatUrl, enquiryText(query));
  return (
    <section className="search-ask" aria-labelledby="search-ask-heading">
      <h2 id="search-ask-heading" className="search-ask-heading">
        Can’t find what you need? Ask us
      </h2>
      <p className="search-ask-actions">
        <button type="button" className="button" onClick={() => openQuote(enquiryText(query))}>
          Get a Quote
        </button>
        {whatsApp && (
          <a className="button button-outline" href={whatsApp} target="_blank" rel="noopener noreferrer">
            Ask on WhatsApp
          </a>
        )}
      </p>
    </section>
  );
}

/** The line saying which words a partial match left out. */
export function droppedWordsText(query: string, kept: readonly string[]): string {
  return `No product matches all of: ${query}. Showing products matching: ${kept.join(' ')}`;
}

function countText(count: number, query: string): string {
  return `${count === 1 ? '1 product' : `${count} products`} for “${query}”`;
}

/** Where a document is in the catalogue: its category's and subcategory's names. */
function placeOf(doc: number, manifest: Manifest): string {
  const category = manifest.categories.find((candidate) => doc >= candidate.start && doc < candidate.end);
  if (!category) return '';
  const subcategory = category.subcategories.find((sub) => doc >= sub.start && doc < sub.end);
  return subcategory ? `${category.name} · ${subcategory.name}` : category.name;
}

/**
 * The ranked results of a search over the whole catalogue (limited to the page's
 * category on a category page), with the number of results per category as links, the
 * matched words marked, and a status that screen readers announce. The list of results
 * keeps the earlier query's results until the new ones are in, so it does not flicker.
 */
export default function SearchResults({ query, category, searchBox }: SearchResultsProps) {
  // "Show more results" counts for the query and category it was pressed for.
  const searchKey = `${category ?? ''}\n${query}`;
  const [more, setMore] = useState({ searchKey, limit: RESULTS_PER_PAGE });
  const limit = more.searchKey === searchKey ? more.limit : RESULTS_PER_PAGE;
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let current = true;
    startSearch(query, category, limit)
      .then((found) => {
        if (!current) return;
        setFailed(false);
        setShown(found);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [query, category, limit]);

  if (failed) {
    return (
      <p className="products-empty" role="status">
        The search could not load. Check your connection and try again.
      </p>
    );
  }
  if (!shown) {
    return (
      <p className="products-count" role="status">
        Searching…
      </p>
    );
  }

  const moveFocus = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('.search-result-title a') ?? []);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && at === 0) searchBox()?.focus();
    else links[event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1]?.focus();
  };

  const facetLink = (facet: { id: string | null; name: string; count: number }) => {
    const chosen = facet.id === shown.category;
    return (
      <li key={facet.id ?? ''}>
        <Link
          to={withQuery(facet.id === null ? '/products' : categoryPath(facet.id), shown.query)}
          className="search-facet"
          aria-current={chosen ? 'page' : undefined}
        >
          {facet.name} <span className="search-facet-count">({facet.count})</span>
        </Link>
      </li>
    );
  };

  return (
    <div className="search-results">
      <p className="products-count" role="status">
        {countText(shown.total, shown.query)}
      </p>
      {shown.totalAll > 0 && (
        <nav className="search-facets" aria-label="Results by category">
          <ul>
            {facetLink({ id: null, name: 'All categories', count: shown.totalAll })}
            {shown.allFacets.map(facetLink)}
          </ul>
        </nav>
      )}
      {shown.droppedTerms.length > 0 && shown.total > 0 && (
        <p className="search-dropped">{droppedWordsText(shown.query, shown.keptTerms)}</p>
      )}
      {shown.total === 0 ? (
        <p className="products-empty">No products found for “{shown.query}”</p>
      ) : (
        <ol ref={list} className="search-result-list" onKeyDown={moveFocus}>
          {shown.docs.map(({ number, doc: [id, title, path, snippet] }) => (
            <li key={id} className="search-result">
              <h2 className="search-result-title">
                <Link to={path}>
                  <Highlighted text={title} matched={shown.matchedWords} />
                </Link>
              </h2>
              <p className="search-result-place">
                {placeOf(number, shown.manifest)} · Product {id}
              </p>
              <p className="search-result-snippet">
                <Highlighted text={snippet} matched={shown.matchedWords} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {shown.total > shown.docs.length && (
        <button type="button" className="button button-outline" onClick={() => setMore({ searchKey, limit: limit + RESULTS_PER_PAGE })}>
          Show more results
        </button>
      )}
      <AskUs query={shown.query} />
    </div>
  );
}
