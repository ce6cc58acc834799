import { useSyncExternalStore } from 'react';
import { Link } from '../components/link/AppLink';
import { ROUTE_PATHS } from '../lib/route-paths.gen';
import { subscribeToLocalStorage } from '../lib/local-storage-change';
import { quoteListCount } from './quote-list-count';
import './quote-list-link.css';

const noItems = () => 0;

/**
 * The header's link to the quote list with the number of items: an icon (drawn by its
 * CSS) and the count on screen (the header has no room for more on a 320 px phone or
 * beside the desktop menu), its full name for assistive technology.
 */
export function QuoteListLink() {
  const count = useSyncExternalStore(subscribeToLocalStorage, quoteListCount, noItems);
  return (
    <Link to={ROUTE_PATHS['quote-list'].path} className="nav-quote-list" aria-label={`Quote list ${count}`}>
      <span className="nav-quote-list-count">{count}</span>
    </Link>
  );
}
