import { Filter } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb/Breadcrumb';
import { MediaImage } from '../../components/media-image/MediaImage';
import { EnquiryModal } from '../../forms/enquiry/EnquiryModal';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import type { ProductSummary, ProductsPageData } from '../../content/types';
import { useHydrated } from '../../lib/use-hydrated';
import { ALL, ALL_PRODUCTS, filterProducts, productPath, selectionFromState, type ProductSelection } from './product-filter';
import './products.css';

/** The visitor's own choice, tied to the navigation it was made in (new navigation state wins). */
type ChosenSelection = { locationKey: string; selection: ProductSelection };

export default function ProductsPage() {
  const data = useRouteData<ProductsPageData>();
  const { categories } = useLayoutData();
  const location = useLocation();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<ChosenSelection | null>(null);
  const [filtersShown, setFiltersShown] = useState(false);
  const [enquiry, setEnquiry] = useState<ProductSummary | null>(null);

  if (!data) return <NotFoundMessage />;

  // The navigation state only counts once hydrated: the prerendered page shows all products.
  const selection =
    chosen?.locationKey === location.key
      ? chosen.selection
      : hydrated
        ? selectionFromState(location.state)
        : ALL_PRODUCTS;
  const category = categories.find((candidate) => candidate.id === selection.category);
  const products = filterProducts(data.page.products, selection);

  const choose = (next: ProductSelection) => {
    setChosen({ locationKey: location.key, selection: next });
    setFiltersShown(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="container products-page">
      <Breadcrumb
        items={[
          { label: 'Home', to: '/' },
          { label: 'Products', to: '/products' },
          { label: category?.name ?? ALL },
          { label: selection.subcategory },
        ]}
      />
      <h1 id="products-title">{category ? category.name : 'All Products'}</h1>
      <button
        type="button"
        className="button button-outline products-filter-toggle"
        aria-expanded={filtersShown}
        aria-controls="product-categories"
        onClick={() => setFiltersShown(!filtersShown)}
      >
        <Filter size={18} aria-hidden="true" />
        {filtersShown ? 'Hide Filters' : 'Show Filters'}
      </button>
      <div className="products-layout">
        {filtersShown && <div className="products-overlay" onClick={() => setFiltersShown(false)} aria-hidden="true" />}
        <aside id="product-categories" className={`products-sidebar${filtersShown ? ' is-shown' : ''}`} aria-label="Categories">
          <h2 className="products-sidebar-heading">Categories</h2>
          <ul className="category-list">
            <li>
              <button
                type="button"
                className="category-button"
                aria-pressed={selection.category === ALL}
                onClick={() => choose(ALL_PRODUCTS)}
              >
                All Products
              </button>
            </li>
            {categories.map((candidate) => {
              const selected = candidate.id === selection.category;
              return (
                <li key={candidate.id}>
                  <button
                    type="button"
                    className="category-button"
                    aria-pressed={selected}
                    onClick={() => choose({ category: candidate.id, subcategory: ALL })}
                  >
                    {candidate.name}
                  </button>
                  {selected && candidate.subcategories.length > 0 && (
                    <ul className="subcategory-list">
                      {[ALL, ...candidate.subcategories].map((subcategory) => (
                        <li key={subcategory}>
                          <button
                            type="button"
                            className="subcategory-button"
                            aria-pressed={selection.subcategory === subcategory}
                            onClick={() => choose({ category: candidate.id, subcategory })}
                          >
                            {subcategory}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </aside>
        <section className="products-results" aria-labelledby="products-title">
          {products.length === 0 ? (
            <p className="products-empty">No products found in this category</p>
          ) : (
            <ul className="card-grid product-grid">
              {products.map((product, index) => (
                <li key={product.id}>
                  <article className="card product-card">
                    <MediaImage media={product.image} alt={product.title} className="card-image" eager={index < 3} />
                    <div className="card-body">
                      <h2 className="product-card-title">
                        <Link to={productPath(product)}>{product.title}</Link>
                      </h2>
                      <button type="button" className="button button-secondary" onClick={() => setEnquiry(product)}>
                        Learn More<span className="visually-hidden">: {product.title}</span>
                      </button>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {enquiry && (
        <EnquiryModal
          product={{ title: enquiry.title, categoryName: categories.find((c) => c.id === enquiry.category)?.name ?? null }}
          onClose={() => setEnquiry(null)}
        />
      )}
    </div>
  );
}
