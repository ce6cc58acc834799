import { useState } from 'react';
import { PRODUCT_DETAIL_IMAGE, CARD_GRID_IMAGE } from '../../config/image-sizes';
import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { MediaImage } from '../../components/media-image/MediaImage';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { ProductPageData } from '../../content/types';
import { EnquiryModal } from '../../forms/enquiry/EnquiryModal';
import { categoryPath, productPath } from '../../lib/paths';
import './product.css';
import { DraftBadge } from '../../components/draft-badge/DraftBadge';
import { Link } from '../../components/link/AppLink';
import { QuoteListButton } from '../../quote-list/quote-list-store';

/** `/products/{id}/{slug}`: one product, and related ones. */
export default function ProductPage() {
  const data = useRouteData<ProductPageData>();
  const [enquiring, setEnquiring] = useState(false);
  if (!data) return <NotFoundMessage />;
  const { product, related } = data.page;
  return (
    <div className="container product-page">
      <RouteBreadcrumb />
      <article className="product-detail">
        <MediaImage {...PRODUCT_DETAIL_IMAGE} media={product.image} alt={product.title} className="product-detail-image" eager />
        <div>
          <h1>
            {product.title}
            <DraftBadge draft={product.draft} />
          </h1>
          <dl className="product-facts">
            <div>
              <dt>Category</dt>
              <dd>
                <Link to={categoryPath(product.category)}>{product.categoryName}</Link>
              </dd>
            </div>
            <div>
              <dt>Subcategory</dt>
              <dd>{product.subcategory}</dd>
            </div>
            {product.brand && (
              <div>
                <dt>Brand</dt>
                <dd>{product.brand}</dd>
              </div>
            )}
            {product.model && (
              <div>
                <dt>Model</dt>
                <dd>{product.model}</dd>
              </div>
            )}
          </dl>
          <p>{product.description}</p>
          {product.brochure && (
            <p>
              <a className="product-brochure" href={product.brochure.src} download>
                Download brochure (PDF, {product.brochure.size})
              </a>
            </p>
          )}
          <button type="button" className="button button-primary" onClick={() => setEnquiring(true)}>
            Enquire Now
          </button>
          <QuoteListButton product={product} />
        </div>
      </article>
      {product.specifications.length > 0 && (
        <section className="section" aria-labelledby="product-specifications">
          <h2 id="product-specifications">Specifications</h2>
          <table className="product-specifications">
            <tbody>
              {product.specifications.map((specification) => (
                <tr key={specification.name}>
                  <th scope="row">{specification.name}</th>
                  <td>{specification.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {related.length > 0 && (
        <section className="section" aria-labelledby="related-products">
          <h2 id="related-products">Related Products</h2>
          <ul className="card-grid">
            {related.map((item) => (
              <li key={item.id}>
                <article className="card">
                  <MediaImage {...CARD_GRID_IMAGE} media={item.image} alt="" className="card-image" />
                  <div className="card-body">
                    <h3>
                      <Link to={productPath(item)}>{item.title}</Link>
                      <DraftBadge draft={item.draft} />
                    </h3>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </section>
      )}
      {enquiring && (
        <EnquiryModal
          product={{ title: product.title, categoryName: product.categoryName }}
          onClose={() => setEnquiring(false)}
        />
      )}
    </div>
  );
}
