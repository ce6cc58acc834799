// Timings, breakpoints and limits of the site's behaviour, in one place.

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

/** The About Us mission/vision card flips this often (ms). */
export const MISSION_VISION_FLIP_MS = 5000;

/** The About Us leader carousel moves on after this (ms). */
export const LEADER_CAROUSEL_AUTOPLAY_MS = 5000;

/** The product showcase advances to the next tab every (ms). */
export const SHOWCASE_INTERVAL_MS = 4000;

/** After a manual tab or dot click the showcase fades out, then switches after (ms). */
export const SHOWCASE_MANUAL_SWITCH_MS = 6000;

/** The showcase's fade-out before an automatic switch (ms; DESIGN.md: short motion). */
export const SHOWCASE_FADE_MS = 300;

/** The Our Services slider scrolls by one card every (ms). */
export const SERVICES_SLIDER_INTERVAL_MS = 3000;

/** The testimonial carousel advances every (ms). */
export const TESTIMONIAL_INTERVAL_MS = 4500;

/** The statistic counters count up over (ms), with an ease-out curve. */
export const COUNTER_DURATION_MS = 2500;
