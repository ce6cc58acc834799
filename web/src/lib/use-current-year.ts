import { useSyncExternalStore } from 'react';
import { useFrameDependency } from './frame-parts';

/** The attribute carrying the year the page was prerendered with. */
export const YEAR_ATTRIBUTE = 'data-year';

const subscribe = () => () => {};
const clockYear = () => new Date().getFullYear();

/** The year in the prerendered markup (what hydration must reproduce). */
function prerenderedYearSnapshot(): number {
  if (typeof document === 'undefined') return clockYear();
  const value = Number(document.querySelector(`[${YEAR_ATTRIBUTE}]`)?.getAttribute(YEAR_ATTRIBUTE));
  return Number.isInteger(value) && value > 0 ? value : clockYear();
}

/**
 * The current year for the copyright line. The server renders its clock's year; the
 * browser hydrates with the year found in that markup, then re-renders with its own
 * clock's year if it differs (a page prerendered last December), without a mismatch.
 * Render it inside an element carrying `{[YEAR_ATTRIBUTE]: year}`.
 */
export function useCurrentYear(): number {
  // A frame kept by the prerender (frame-parts.ts) is the year's frame.
  useFrameDependency('year', prerenderedYearSnapshot);
  return useSyncExternalStore(subscribe, clockYear, prerenderedYearSnapshot);
}
