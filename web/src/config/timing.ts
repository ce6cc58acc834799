// Timings, breakpoints and limits from the spec (shared/spec/site-spec.md §9), one place.

/** The navigation bar becomes fixed after scrolling more than this (px). */
export const FIXED_NAV_SCROLL_THRESHOLD_PX = 100;

/** The full navigation bar from this width; narrower, the menu collapses behind a toggle (px, as in layout.css). */
export const NAV_DESKTOP_MIN_WIDTH_PX = 1100;

/** Footer sections collapse into accordions at this width or narrower (px). */
export const FOOTER_ACCORDION_MAX_WIDTH_PX = 768;

/** Routes on which the navigation bar never becomes fixed (lower-case). */
export const STATIC_NAV_PATHS: readonly string[] = ['/jobapplicationform', '/contact'];

/** The notification toast closes itself after this (ms). */
export const NOTIFICATION_TOAST_MS = 3000;
