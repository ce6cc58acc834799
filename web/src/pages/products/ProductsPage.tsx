import { Filter, Search, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Breadcrumb, type Crumb } from '../../components/breadcrumb/Breadcrumb';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import type { ProductSummary, ProductsPageData } from '../../content/types';
import { EnquiryModal } from '../../forms/enquiry/EnquiryModal';
import { categoryPath } from '../../lib/paths';
import { isPlainClick } from '../../components/link/AppLink';
import { useHydrated } from '../../lib/use-hydrated';
import { MAX_QUERY_LENGTH, QUERY_PARAM } from '../../search/query';
import { focusFirstResult, preloadSearch, searchAhead, useSearchQuery } from '../../search/search-query';
import { Pagination } from '../../components/pagination/Pagination';
import { ProductCard } from './ProductCard';
import { listingPagePath } from './listing-pages';
import { useWholeListing } from './use-whole-listing';
import {
  ALL,
  ALL_PRODUCTS,
  CATEGORY_PARAM,
  catalogueUrl,
  filterBySelection,
  knownSelection,
  requestedSelection,
  type ProductSelection,
} from './product-filter';
import './products.css';

/** Cards whose images load at once (the first row). */
const EAGER_CARDS = 3;

const NO_PRODUCTS: ProductSummary[] = [];
const ONE_PAGE = { number: 1, of: 1, total: 0 };
const NO_PARAMS = new URLSearchParams();

/** The search's code and index load only once the search is used (or `?q=` is present). */
const SearchResults = lazy(() => import('../../search/SearchResults'));

/** `/products` (every product) and `/products/category/{id}` (one category's products). */
export default function ProductsPage() {
  const data = useRouteData<ProductsPageData>();
  const { categories } = useLayoutData();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const [filtersShown, setFiltersShown] = useState(false);
  const filterPanel = useRef<HTMLDialogElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const [query, setQuery, commitQueryToUrl] = useSearchQuery(hydrated, searchBox);
  const [enquiry, setEnquiry] = useState<ProductSummary | null>(null);

  // The page's own category counts at once; the URL query and the navigation state
  // only once hydrated, so the first render matches the prerendered page (its
  // category with subcategory All, or all products).
  const pageCategory = data?.page.category ?? null;
  const requested = hydrated
    ? requestedSelection(pageCategory, searchParams, location.state)
    : requestedSelection(pageCategory, NO_PARAMS, null);
  const selection = knownSelection(requested, categories);
  const category = categories.find((candidate) => candidate.id === selection.category);

  // The older `/products?category=…` URLs move on to the category's own page.
  const fromOlderQuery = hydrated && pageCategory === null && searchParams.has(CATEGORY_PARAM);
  const canonicalUrl = catalogueUrl(selection);
  useEffect(() => {
    if (fromOlderQuery) navigate(canonicalUrl, { replace: true, preventScrollReset: true });
  }, [fromOlderQuery, canonicalUrl, navigate]);

  // On phones the panel is a modal <dialog> the toggle opens by itself (command /
  // commandfor), also before this code has arrived: the page behind is inert, Escape and
  // a tap on the backdrop close it, and focus returns to the toggle. React only follows
  // its state, which a tap before hydration may already have changed.
  useEffect(() => {
    const panel = filterPanel.current;
    if (!panel) return;
    const follow = () => setFiltersShown(panel.open);
    follow();
    panel.addEventListener('toggle', follow);
    panel.addEventListener('close', follow);
    return () => {
      panel.removeEventListener('toggle', follow);
      panel.removeEventListener('close', follow);
    };
  }, []);

  const paging = data?.page.paging ?? ONE_PAGE;
  const { category: categoryId, subcategory } = selection;
  // A page holds one page of its listing. A narrower choice (a subcategory, or a
  // category a menu entry passed to /products) shows all its products, from the data
  // chunks of the category's pages, once hydrated.
  const narrowed = categoryId !== (pageCategory ?? ALL) || subcategory !== ALL;
  const wholeListing = useWholeListing(categoryId === ALL ? null : categoryId, hydrated && narrowed && paging.of > 1);
  const paged = !narrowed || paging.of === 1;
  const allProducts = wholeListing ?? data?.page.products ?? NO_PRODUCTS;
  const products = useMemo(
    () => filterBySelection(allProducts, { category: categoryId, subcategory }),
    [allProducts, categoryId, subcategory],
  );
  const productCount = paged && !narrowed ? paging.total : products.length;

  if (!data) return <NotFoundMessage />;

  const choose = (next: ProductSelection) => {
    // The choice goes into the URL: a category's own page (shareable, reloadable,
    // prerendered). The page scrolls up itself, smoothly.
    navigate(catalogueUrl(next), { preventScrollReset: true });
    filterPanel.current?.close();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  /** A category link: a page of its own without JavaScript, a choice in the app. */
  const chooseOnClick = (event: MouseEvent<HTMLAnchorElement>, next: ProductSelection) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    choose(next);
  };

  // Home / Products / category / subcategory, where a choice of All is no place of its
  // own: /products ends at Products and a category's page at its category, as its JSON-LD.
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Products', to: '/products' },
    ...(category ? [{ label: category.name, to: categoryPath(category.id) }] : []),
    ...(category && subcategory !== ALL ? [{ label: subcategory }] : []),
  ];

  return (
    <div className="container products-page">
      <Breadcrumb items={crumbs} />
      <h1 id="products-title">{category ? category.name : 'All Products'}</h1>
      <div className="products-toolbar">
        {/* Before the app runs, Enter sends the query as a plain form: the page's own
            URL with ?q=, which shows the results once the app is in. */}
        <form
          className="products-search"
          role="search"
          aria-label={category ? category.name : 'All products'}
          action={pageCategory ? categoryPath(pageCategory) : '/products'}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            commitQueryToUrl();
          }}
        >
          <label htmlFor="product-search" className="visually-hidden">
            Search products
          </label>
          <Search size={18} aria-hidden="true" className="products-search-icon" />
          <input
            ref={searchBox}
            id="product-search"
            name={QUERY_PARAM}
            type="search"
            placeholder="Search products"
            autoComplete="off"
            maxLength={MAX_QUERY_LENGTH}
            value={query}
            onFocus={preloadSearch}
            onBlur={commitQueryToUrl}
            onChange={(event) => {
              searchAhead(event.target.value, pageCategory);
              setQuery(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && focusFirstResult()) event.preventDefault();
            }}
          />
        </form>
        <button
          type="button"
          className="button button-outline products-filter-toggle"
          aria-haspopup="dialog"
          command="show-modal"
          commandfor="product-categories"
        >
          <Filter size={18} aria-hidden="true" />
          {filtersShown ? 'Hide Filters' : 'Show Filters'}
        </button>
      </div>
      <div className="products-layout">
        {/* A sidebar on large screens (CSS shows it without opening it), a modal panel on
            phones. A tap before hydration may have opened it: its `open` attribute is then
            the browser's, not a mismatch. */}
        <dialog
          ref={filterPanel}
          suppressHydrationWarning
          id="product-categories"
          className="products-sidebar"
          aria-labelledby="product-categories-heading"
          closedby="any"
        >
          <div className="products-sidebar-top">
            <h2 className="products-sidebar-heading" id="product-categories-heading">
              Categories
            </h2>
            {/* The panel covers the toolbar's toggle on phones: it closes from its own top. */}
            <button
              type="button"
              className="button button-outline products-filter-hide"
              command="close"
              commandfor="product-categories"
            >
              <X size={18} aria-hidden="true" />
              Hide Filters
            </button>
          </div>
          <ul className="category-list">
            <li>
              <a
                href={catalogueUrl(ALL_PRODUCTS)}
                className="category-button"
                aria-current={selection.category === ALL ? 'page' : undefined}
                onClick={(event) => chooseOnClick(event, ALL_PRODUCTS)}
              >
                All Products
              </a>
            </li>
            {categories.map((candidate) => {
              const selected = candidate.id === selection.category;
              return (
                <li key={candidate.id}>
                  <a
                    href={categoryPath(candidate.id)}
                    className="category-button"
                    aria-current={selected ? 'page' : undefined}
                    onClick={(event) => chooseOnClick(event, { category: candidate.id, subcategory: ALL })}
                  >
                    {candidate.name}
                  </a>
                  {selected && candidate.subcategories.length > 0 && (
                    <ul className="subcategory-list">
                      {[ALL, ...candidate.subcategories].map((name) => (
                        <li key={name}>
                          <button
                            type="button"
                            className="subcategory-button"
                            aria-pressed={selection.subcategory === name}
                            onClick={() => choose({ category: candidate.id, subcategory: name })}
                          >
                            {name}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </dialog>
        <section className="products-results" aria-labelledby="products-title">
          {query ? (
            <Suspense fallback={<p className="products-count">Searching…</p>}>
              <SearchResults query={query} category={pageCategory} searchBox={() => searchBox.current} />
            </Suspense>
          ) : (
            <p className="products-count" role="status">
              {productCount === 1 ? '1 product' : `${productCount} products`}
            </p>
          )}
          {query ? null : products.length === 0 ? (
            <p className="products-empty">No products found in this category</p>
          ) : (
            <ul className="card-grid product-grid">
              {products.map((product, position) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  eager={position < EAGER_CARDS}
                  onEnquire={setEnquiry}
                />
              ))}
            </ul>
          )}
          {/* Search shows its own results; a narrower choice shows all of its products. */}
          {!query && paged && (
            <Pagination
              label="Product pages"
              current={paging.number}
              count={paging.of}
              hrefOf={(page) => listingPagePath(pageCategory, page)}
            />
          )}
        </section>
      </div>
      {enquiry && (
        <EnquiryModal
          product={{
            title: enquiry.title,
            categoryName: categories.find((candidate) => candidate.id === enquiry.category)?.name ?? null,
          }}
          onClose={() => setEnquiry(null)}
        />
      )}
    </div>
  );
}
