import './pagination.css';
import { Link } from '../link/AppLink';
import { GAP, pageItems } from './page-items';

type PaginationProps = {
  /** What the pages are, for screen readers: "Product pages". */
  label: string;
  /** 1-based. */
  current: number;
  count: number;
  /** The URL of page `page` (1-based). */
  hrefOf: (page: number) => string;
};

/**
 * Numbered links to every page of a listing, below it. Plain links: crawlers and
 * visitors without JavaScript reach every page. Nothing for a listing of one page.
 */
export function Pagination({ label, current, count, hrefOf }: PaginationProps) {
  if (count <= 1) return null;
  return (
    <nav aria-label={label} className="pagination">
      <ul>
        {current > 1 && (
          <li>
            <Link to={hrefOf(current - 1)} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pageItems(current, count).map((item, index) =>
          item === GAP ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pagination-gap">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefOf(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {current < count && (
          <li>
            <Link to={hrefOf(current + 1)} rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
