import { createContext, use } from 'react';

/** Opens the Get a Quote form with `message` in its message field. */
export type OpenQuote = (message: string) => void;

/** The frame's quote form, for screens that lead a visitor to it (a search that found nothing). */
export const QuoteRequestContext = createContext<OpenQuote>(() => {});

/** Opens the frame's Get a Quote form with a message already written. */
export function useOpenQuote(): OpenQuote {
  return use(QuoteRequestContext);
}
