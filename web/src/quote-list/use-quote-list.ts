import { useSyncExternalStore } from 'react';
import { quoteList, type QuoteItem } from './quote-list-store';

/** The quote list, re-rendered on every change in this tab or another. Empty in the prerender. */
export function useQuoteList(): readonly QuoteItem[] {
  return useSyncExternalStore(quoteList.subscribe, quoteList.getSnapshot, quoteList.getServerSnapshot);
}
