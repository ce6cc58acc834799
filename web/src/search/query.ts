/** The URL query key of a search. */
export const QUERY_PARAM = 'q';

/** A query is cut to this many characters (a pasted page of text stays cheap). */
export const MAX_QUERY_LENGTH = 100;

/** The query of a URL's `?q=`: cut to [MAX_QUERY_LENGTH] characters; '' when absent. */
export function parseQuery(value: string | null): string {
  if (!value) return '';
  return Array.from(value).slice(0, MAX_QUERY_LENGTH).join('');
}
