import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createQuoteListStore,
  parseQuoteList,
  QUOTE_LIST_STORAGE_KEY,
  type QuoteItemSnapshot,
} from '../quote-list-store';

const IMAGE = { src: '/media/products/ro.svg', width: 400, height: 300 };
const RO: QuoteItemSnapshot = { id: 12, title: 'RO Unit', slug: 'ro-unit', category: 'dialysis', categoryName: 'Dialysis', image: IMAGE };
const BED: QuoteItemSnapshot = { id: 40, title: 'ICU Bed', slug: 'icu-bed', category: 'icu', categoryName: 'ICU', image: IMAGE };

/** Two tabs: one storage, each with its own window (event target). */
function twoTabs() {
  localStorage.clear();
  const first = new EventTarget();
  const second = new EventTarget();
  return {
    first: createQuoteListStore(() => localStorage, first),
    second: createQuoteListStore(() => localStorage, second),
    /** What the browser does in every other tab after a write. */
    tellSecond: () => second.dispatchEvent(new StorageEvent('storage', { key: QUOTE_LIST_STORAGE_KEY })),
  };
}

afterEach(() => localStorage.clear());

describe('the quote list store', () => {
  it('adds a product once, with quantity 1, and keeps the order of adding', () => {
    const { first } = twoTabs();
    first.add(RO);
    first.add(BED);
    first.add(RO);
    expect(first.getSnapshot().map((item) => [item.id, item.quantity])).toEqual([
      [12, 1],
      [40, 1],
    ]);
  });

  it('toggles a product in and out', () => {
    const { first } = twoTabs();
    first.toggle(RO);
    expect(first.has(12)).toBe(true);
    first.toggle(RO);
    expect(first.has(12)).toBe(false);
    expect(localStorage.getItem(QUOTE_LIST_STORAGE_KEY)).toBeNull();
  });

  it('takes a quantity from 1 to 9,999 and ignores anything else', () => {
    const { first } = twoTabs();
    first.add(RO);
    first.setQuantity(12, 9999);
    expect(first.getSnapshot()[0]?.quantity).toBe(9999);
    for (const bad of [0, 10000, 2.5, -1, Number.NaN]) first.setQuantity(12, bad);
    expect(first.getSnapshot()[0]?.quantity).toBe(9999);
  });

  it('removes one item and clears all', () => {
    const { first } = twoTabs();
    first.add(RO);
    first.add(BED);
    first.remove(12);
    expect(first.getSnapshot().map((item) => item.id)).toEqual([40]);
    first.clear();
    expect(first.getSnapshot()).toEqual([]);
  });

  it('keeps the list across visits (a new store reads what the last one wrote)', () => {
    const { first } = twoTabs();
    first.add(BED);
    first.setQuantity(40, 3);
    const later = createQuoteListStore(() => localStorage, new EventTarget());
    expect(later.getSnapshot()).toEqual([{ ...BED, quantity: 3 }]);
  });

  it("tells another tab's subscribers of a change through the storage event", () => {
    const { first, second, tellSecond } = twoTabs();
    const listener = vi.fn();
    const unsubscribe = second.subscribe(listener);
    first.add(RO);
    tellSecond();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(second.getSnapshot().map((item) => item.id)).toEqual([12]);
    unsubscribe();
    tellSecond();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('returns the same snapshot while nothing changed (useSyncExternalStore needs that)', () => {
    const { first } = twoTabs();
    first.add(RO);
    expect(first.getSnapshot()).toBe(first.getSnapshot());
  });

  it("refreshes a renamed product's snapshot, keeping its quantity, and writes nothing when it is the same", () => {
    const { first } = twoTabs();
    first.add(RO);
    first.setQuantity(12, 5);
    const before = first.getSnapshot();
    first.refresh(RO);
    expect(first.getSnapshot()).toBe(before);
    first.refresh({ ...RO, title: 'Portable RO Unit', slug: 'portable-ro-unit' });
    expect(first.getSnapshot()[0]).toMatchObject({ title: 'Portable RO Unit', slug: 'portable-ro-unit', quantity: 5 });
  });

  it('reads damaged storage as an empty list, and drops bad or repeated entries', () => {
    expect(parseQuoteList('not json')).toEqual([]);
    expect(parseQuoteList('{"id":12}')).toEqual([]);
    const raw = JSON.stringify([{ ...RO, quantity: 2 }, { ...RO, quantity: 3 }, { ...BED, quantity: 0 }, { id: 'x' }]);
    expect(parseQuoteList(raw)).toEqual([{ ...RO, quantity: 2 }]);
  });

  it('stays usable when storage is blocked', () => {
    const store = createQuoteListStore(() => {
      throw new Error('SecurityError');
    }, null);
    expect(store.getSnapshot()).toEqual([]);
    expect(() => store.add(RO)).not.toThrow();
  });
});
