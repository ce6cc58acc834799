import { useEffect, useState } from 'react';
import { RouteBreadcrumb } from '../components/breadcrumb/RouteBreadcrumb';
import { Link } from '../components/link/AppLink';
import { MediaImage } from '../components/media-image/MediaImage';
import { useLayoutData } from '../content/hooks';
import { categoryPath, productPath } from '../lib/paths';
import { useHydrated } from '../lib/use-hydrated';
import { checkAvailability, type Availability } from './quote-list-availability';
import { whatsAppUrl } from '../lib/contact-links';
import { whatsAppText } from './quote-list-message';
import { isValidQuantity, MAX_QUANTITY, MIN_QUANTITY, quoteList, useQuoteList, type QuoteItem } from './quote-list-store';
import { QuoteListSendForm } from './QuoteListSendForm';
import './quote-list.css';

const QUANTITY_MESSAGE = `Enter a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY.toLocaleString('en-IN')}.`;

/** The quantity typed as a whole number, or `null` when it is not one from 1 to 9,999. */
function parseQuantity(text: string): number | null {
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  return isValidQuantity(value) ? value : null;
}

/** Each item's state, checked once per item (its data chunk) and refreshed into the list. */
function useAvailability(items: readonly QuoteItem[]): ReadonlyMap<number, Availability> {
  const [checked, setChecked] = useState<ReadonlyMap<number, Availability>>(new Map());
  const idsKey = items.map((item) => `${item.id}/${item.slug}`).join(',');
  useEffect(() => {
    let live = true;
    for (const item of quoteList.getSnapshot()) {
      void checkAvailability(item).then((availability) => {
        if (!live) return;
        setChecked((current) => new Map(current).set(item.id, availability));
        if (availability.state === 'published') quoteList.refresh(availability.product);
      });
    }
    return () => {
      live = false;
    };
  }, [idsKey]);
  return checked;
}

/** `/quote-list`: the products the visitor collected, to send, pass on by WhatsApp or print. */
export default function QuoteListPage() {
  const layout = useLayoutData();
  const hydrated = useHydrated();
  const items = useQuoteList();
  const availability = useAvailability(items);
  const [drafts, setDrafts] = useState<Readonly<Record<number, string>>>({});
  const [message, setMessage] = useState('');

  const isGone = (item: QuoteItem) => availability.get(item.id)?.state === 'gone';
  const sendable = items.filter((item) => !isGone(item));
  const quantitiesValid = sendable.every((item) => {
    const draft = drafts[item.id];
    return draft === undefined || parseQuantity(draft) !== null;
  });
  const whatsApp = whatsAppUrl(layout.contact.chatUrl, whatsAppText(sendable, message));

  function changeQuantity(item: QuoteItem, text: string) {
    setDrafts((current) => ({ ...current, [item.id]: text }));
    const quantity = parseQuantity(text);
    if (quantity !== null) quoteList.setQuantity(item.id, quantity);
  }

  return (
    <div className="container quote-list-page">
      <RouteBreadcrumb />
      <div className="quote-list-print-header">
        <p className="quote-list-print-company">{layout.site.name}</p>
        <p>{layout.contact.address}</p>
        <p>
          {layout.contact.phones.join(', ')} · {layout.contact.emails.join(', ')}
        </p>
      </div>
      <h1>Quote List</h1>
      {!hydrated ? (
        <p>Your quote list is kept in this browser.</p>
      ) : items.length === 0 ? (
        <div className="quote-list-empty">
          <p>Your quote list is empty. Add products to it from the catalogue.</p>
          <Link to="/products" className="button button-primary">
            Browse products
          </Link>
        </div>
      ) : (
        <>
          <ul className="quote-list-items">
            {items.map((item) => {
              const gone = isGone(item);
              const draft = drafts[item.id] ?? String(item.quantity);
              const invalid = parseQuantity(draft) === null;
              const quantityId = `quote-list-quantity-${item.id}`;
              return (
                <li key={item.id} className={`quote-list-item${gone ? ' is-gone' : ''}`}>
                  <MediaImage media={item.image} alt="" className="quote-list-item-image" sizes="96px" />
                  <div className="quote-list-item-text">
                    <h2 className="quote-list-item-title">
                      {gone ? item.title : <Link to={productPath(item)}>{item.title}</Link>}
                    </h2>
                    <p className="quote-list-item-category">
                      {gone ? item.categoryName : <Link to={categoryPath(item.category)}>{item.categoryName}</Link>}
                    </p>
                    {gone && <p className="quote-list-item-gone">No longer available: it will not be sent.</p>}
                  </div>
                  {!gone && (
                    <div className="quote-list-item-quantity">
                      <label htmlFor={quantityId}>
                        Quantity<span className="visually-hidden">: {item.title}</span>
                      </label>
                      <input
                        id={quantityId}
                        type="text"
                        inputMode="numeric"
                        value={draft}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? `${quantityId}-error` : undefined}
                        onChange={(event) => changeQuantity(item, event.target.value)}
                      />
                      {invalid && (
                        <p id={`${quantityId}-error`} className="form-error">
                          {QUANTITY_MESSAGE}
                        </p>
                      )}
                    </div>
                  )}
                  <button type="button" className="button button-secondary quote-list-remove" onClick={() => quoteList.remove(item.id)}>
                    Remove<span className="visually-hidden">: {item.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="quote-list-actions">
            <button type="button" className="button button-secondary" onClick={() => quoteList.clear()}>
              Clear list
            </button>
            {whatsApp && sendable.length > 0 && (
              <a className="button button-secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
                Send on WhatsApp
              </a>
            )}
            <button type="button" className="button button-secondary" onClick={() => window.print()}>
              Print
            </button>
          </div>
          {sendable.length > 0 && (
            <QuoteListSendForm
              items={sendable}
              quantitiesValid={quantitiesValid}
              onMessageChange={setMessage}
              onSent={() => {
                setDrafts({});
                quoteList.clear();
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
