import type { Media } from '../../content/types';

/** `sizes` when a caller gives none: the image may be as wide as the viewport. */
export const DEFAULT_IMAGE_SIZES = '100vw';

/** One file a browser may pick for a media: its URL and its width in pixels. */
export type MediaCandidate = { src: string; width: number };

/**
 * The files a browser may choose from, narrowest first: the WebP variants, then the
 * source itself when sitegen publishes it because no variant replaces it (it drops a
 * variant that is not smaller than the source), so a wide screen never gets a narrower
 * file than the source. A source its variants replace is not published: its `src` is
 * then the widest variant. Empty when the media has no variants.
 */
export function mediaCandidates(media: Media): MediaCandidate[] {
  const variants = media.variants ?? [];
  if (variants.length === 0) return [];
  const candidates = variants.map(({ src, width }) => ({ src, width }));
  const replaced = variants.some((variant) => variant.src === media.src);
  if (!replaced && !variants.some((variant) => variant.width >= media.width)) {
    candidates.push({ src: media.src, width: media.width });
  }
  return candidates;
}

/** Whether every candidate of a media is one of its WebP variants (not the original file). */
export function offersOnlyVariants(media: Media): boolean {
  const variants = media.variants ?? [];
  return mediaCandidates(media).every((candidate) => variants.some((variant) => variant.src === candidate.src));
}

/**
 * The candidates no wider than twice `widest` (the most CSS pixels the place shows the
 * image at: a 2× screen needs no more), or the narrowest when none is.
 */
export function candidatesForPlace(media: Media, widest?: number): MediaCandidate[] {
  const candidates = mediaCandidates(media);
  if (widest === undefined) return candidates;
  const fitting = candidates.filter(({ width }) => width <= 2 * widest);
  return fitting.length > 0 ? fitting : candidates.slice(0, 1);
}

/** The `srcset` of a media (`"/a.640w….webp 640w, …"`) for a place shown at most `widest` CSS px wide, or undefined when it has no variants. */
export function mediaSrcSet(media: Media, widest?: number): string | undefined {
  const candidates = candidatesForPlace(media, widest);
  if (candidates.length === 0) return undefined;
  return candidates.map(({ src, width }) => `${src} ${width}w`).join(', ');
}

/**
 * The URL of the narrowest file at least `pixels` wide (the widest there is when none is),
 * for callers that take one URL, such as a video poster; the source without variants.
 */
export function mediaSrcForWidth(media: Media, pixels: number): string {
  const candidates = mediaCandidates(media);
  const fitting = candidates.find(({ width }) => width >= pixels) ?? candidates.at(-1);
  return fitting?.src ?? media.src;
}
