// The visitor's quote list (and the button that adds a product to it), kept in localStorage and shared by every open tab (the
// `storage` event). It stores product ids with a small snapshot each (title, slug,
// category, image), so the list's page shows an item without loading the catalogue;
// whether the product is still published is checked per item (quote-list-availability.ts).
import { useSyncExternalStore } from 'react';
import { useLayoutData } from '../content/hooks';
import type { Media } from '../content/types';
import { LOCAL_STORAGE_CHANGE_EVENT, subscribeToLocalStorage } from '../lib/local-storage-change';
import { QUOTE_LIST_STORAGE_KEY } from './quote-list-count';

export { QUOTE_LIST_STORAGE_KEY } from './quote-list-count';

/** What the list keeps of a product: enough to show and link it. */
export type QuoteItemSnapshot = {
  id: number;
  title: string;
  slug: string;
  category: string;
  categoryName: string;
  image: Media;
};

export type QuoteItem = QuoteItemSnapshot & { quantity: number };

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

const EMPTY: readonly QuoteItem[] = Object.freeze([]);

function isMedia(value: unknown): value is Media {
  const media = value as Media | null;
  return (
    typeof media === 'object' &&
    media !== null &&
    typeof media.src === 'string' &&
    typeof media.width === 'number' &&
    typeof media.height === 'number'
  );
}

function isQuoteItem(value: unknown): value is QuoteItem {
  const item = value as QuoteItem | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    Number.isInteger(item.id) &&
    typeof item.title === 'string' &&
    typeof item.slug === 'string' &&
    typeof item.category === 'string' &&
    typeof item.categoryName === 'string' &&
    isMedia(item.image) &&
    isValidQuantity(item.quantity)
  );
}

/** A whole number from 1 to 9,999. */
export function isValidQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_QUANTITY && value <= MAX_QUANTITY;
}

/** The items stored as `raw` (a JSON array); anything unreadable is left out, never thrown. */
export function parseQuoteList(raw: string | null): readonly QuoteItem[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const seen = new Set<number>();
    return value.filter((item): item is QuoteItem => {
      if (!isQuoteItem(item) || seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  } catch {
    return EMPTY;
  }
}

/** The list with `product` added (quantity 1), or unchanged when it is there already. */
export function withItem(items: readonly QuoteItem[], product: QuoteItemSnapshot): readonly QuoteItem[] {
  if (items.some((item) => item.id === product.id)) return items;
  const { id, title, slug, category, categoryName, image } = product;
  return [...items, { id, title, slug, category, categoryName, image, quantity: MIN_QUANTITY }];
}

export function withoutItem(items: readonly QuoteItem[], id: number): readonly QuoteItem[] {
  return items.filter((item) => item.id !== id);
}

/** The list with a new quantity for `id`; an invalid quantity changes nothing. */
export function withQuantity(items: readonly QuoteItem[], id: number, quantity: number): readonly QuoteItem[] {
  if (!isValidQuantity(quantity)) return items;
  return items.map((item) => (item.id === id ? { ...item, quantity } : item));
}

/** The list with `product`'s current title, slug, category and image; the same list when nothing changed. */
export function withSnapshot(items: readonly QuoteItem[], product: QuoteItemSnapshot): readonly QuoteItem[] {
  const index = items.findIndex((item) => item.id === product.id);
  const item = items[index];
  if (!item) return items;
  const same =
    item.title === product.title &&
    item.slug === product.slug &&
    item.category === product.category &&
    item.categoryName === product.categoryName &&
    item.image.src === product.image.src;
  if (same) return items;
  const next = [...items];
  next[index] = { ...product, quantity: item.quantity };
  return next;
}

/** A store over one Storage: read, change, and be told of changes (from this tab or another). */
export function createQuoteListStore(storage: () => Storage | null, target: EventTarget | null) {
  let cachedRaw: string | null | undefined;
  let cachedItems: readonly QuoteItem[] = EMPTY;

  function readRaw(): string | null {
    try {
      return storage()?.getItem(QUOTE_LIST_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function getSnapshot(): readonly QuoteItem[] {
    const raw = readRaw();
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedItems = parseQuoteList(raw);
    }
    return cachedItems;
  }

  function write(next: readonly QuoteItem[]) {
    try {
      const store = storage();
      if (next.length === 0) store?.removeItem(QUOTE_LIST_STORAGE_KEY);
      else store?.setItem(QUOTE_LIST_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the list stays as it was.
    }
    target?.dispatchEvent(new Event(LOCAL_STORAGE_CHANGE_EVENT));
  }

  return {
    getSnapshot,
    getServerSnapshot: (): readonly QuoteItem[] => EMPTY,
    subscribe: (listener: () => void): (() => void) => (target ? subscribeToLocalStorage(listener, target) : () => {}),
    has: (id: number) => getSnapshot().some((item) => item.id === id),
    add: (product: QuoteItemSnapshot) => write(withItem(getSnapshot(), product)),
    remove: (id: number) => write(withoutItem(getSnapshot(), id)),
    toggle(product: QuoteItemSnapshot) {
      const items = getSnapshot();
      write(items.some((item) => item.id === product.id) ? withoutItem(items, product.id) : withItem(items, product));
    },
    /** Brings an item's snapshot up to date (a renamed product); writes only on a change. */
    refresh(product: QuoteItemSnapshot) {
      const items = getSnapshot();
      const next = withSnapshot(items, product);
      if (next !== items) write(next);
    },
    setQuantity: (id: number, quantity: number) => write(withQuantity(getSnapshot(), id, quantity)),
    clear: () => write(EMPTY),
  };
}

export type QuoteListStore = ReturnType<typeof createQuoteListStore>;

const browserStorage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** The store of this browser's quote list. */
export const quoteList: QuoteListStore = createQuoteListStore(
  browserStorage,
  typeof window === 'undefined' ? null : window,
);

/** The quote list, re-rendered on every change in this tab or another. Empty in the prerender. */
export function useQuoteList(): readonly QuoteItem[] {
  return useSyncExternalStore(quoteList.subscribe, quoteList.getSnapshot, quoteList.getServerSnapshot);
}

type QuoteListButtonProps = {
  product: { id: number; title: string; slug: string; category: string; image: Media };
  className?: string;
};

/** "Add to quote list", or "In quote list" once added (pressed; a click takes it out again). */
export function QuoteListButton({ product, className = 'button button-secondary' }: QuoteListButtonProps) {
  const { categories } = useLayoutData();
  const inList = useQuoteList().some((item) => item.id === product.id);
  const text = inList ? 'In quote list' : 'Add to quote list';
  const onClick = () => {
    const categoryName = categories.find((category) => category.id === product.category)?.name ?? product.category;
    const { id, title, slug, category, image } = product;
    quoteList.toggle({ id, title, slug, category, categoryName, image });
  };
  return (
    <button
      type="button"
      className={`${className} quote-list-button`}
      aria-pressed={inList}
      aria-label={`${text}: ${product.title}`}
      onClick={onClick}
    >
      {text}
    </button>
  );
}
