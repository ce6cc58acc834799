import { memo } from 'react';
import { PRODUCT_CARD_IMAGE } from '../../config/image-sizes';
import { MediaImage } from '../../components/media-image/MediaImage';
import type { ProductSummary } from '../../content/types';
import { productPath } from '../../lib/paths';
import { DraftBadge } from '../../components/draft-badge/DraftBadge';
import { Link } from '../../components/link/AppLink';
import { QuoteListButton } from '../../quote-list/quote-list-store';

type ProductCardProps = {
  product: ProductSummary;
  /** Above the fold: load the image at once. */
  eager: boolean;
  onEnquire: (product: ProductSummary) => void;
};

/**
 * One catalogue card. Memoised: filtering re-renders only the cards that appear,
 * never the ones that stay (their props are the same objects).
 */
export const ProductCard = memo(function ProductCard({ product, eager, onEnquire }: ProductCardProps) {
  return (
    <li className="product-grid-item">
      <article className="card product-card">
        {/* The title below names the product: the artwork is decorative here. */}
        <MediaImage {...PRODUCT_CARD_IMAGE} media={product.image} alt="" className="card-image" eager={eager} />
        <div className="card-body">
          <h2 className="product-card-title">
            <Link to={productPath(product)}>{product.title}</Link>
            <DraftBadge draft={product.draft} />
          </h2>
          {/* Named with the product in an attribute rather than a hidden element: a
              listing page shows 250 cards, and each element counts. */}
          <button
            type="button"
            className="button button-secondary"
            aria-label={`Learn More: ${product.title}`}
            onClick={() => onEnquire(product)}
          >
            Learn More
          </button>
          <QuoteListButton product={product} />
        </div>
      </article>
    </li>
  );
});
