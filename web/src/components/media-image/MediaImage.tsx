import { useEffect, useRef, useState } from 'react';
import type { Media } from '../../content/types';
import { DEFAULT_IMAGE_SIZES, mediaSrcSet, offersOnlyVariants } from './media-sources';

type MediaImageProps = {
  media: Media;
  alt: string;
  className?: string;
  /** Above the fold: load at once (and first). Everything else loads lazily. */
  eager?: boolean;
  /** How wide the image is shown (the `sizes` attribute), for picking a WebP variant. */
  sizes?: string;
  /** The most CSS pixels wide the place shows it at: no variant wider than twice that is offered. */
  widest?: number;
};

/**
 * An image from the content, always with its intrinsic width and height. With WebP
 * variants it is a `<picture>` whose WebP source the browser picks by `sizes`; the
 * `<img>` inside falls back to `src` (the original file, or the widest variant when the
 * variants replace it and the original is not published). A broken image (load error) shows
 * the placeholder instead (spec §8 "Broken image").
 */
export function MediaImage({ media, alt, className, eager = false, sizes = DEFAULT_IMAGE_SIZES, widest }: MediaImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);

  // An error that happened before hydration fired no React event: look once mounted.
  useEffect(() => {
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0 && image.currentSrc !== '') setBrokenSrc(media.src);
  }, [media.src]);

  if (brokenSrc === media.src) {
    return <ImagePlaceholder alt={alt} className={className} />;
  }
  const image = (
    <img
      ref={imageRef}
      src={media.src}
      width={media.width}
      height={media.height}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      onError={() => setBrokenSrc(media.src)}
    />
  );
  const srcSet = mediaSrcSet(media, widest);
  if (!srcSet) return image;
  // The set ends with the original file (a PNG or JPEG) when no WebP variant has its
  // width: the source then says no type, which would be wrong for that file.
  return (
    <picture>
      <source type={offersOnlyVariants(media) ? 'image/webp' : undefined} srcSet={srcSet} sizes={sizes} />
      {image}
    </picture>
  );
}

type OptionalImageProps = Omit<MediaImageProps, 'media'> & { media: Media | null };

/** An optional image: the neutral placeholder shows when the content has none (or it fails to load). */
export function OptionalImage({ media, alt, className, eager, sizes }: OptionalImageProps) {
  if (media) return <MediaImage media={media} alt={alt} className={className} eager={eager} sizes={sizes} />;
  return <ImagePlaceholder alt={alt} className={className} />;
}

/** The placeholder image; the image's class gives it the same box the image would have had. */
export function ImagePlaceholder({ alt, className }: { alt: string; className?: string }) {
  return (
    <div
      className={['image-placeholder', className].filter(Boolean).join(' ')}
      // A decorative image (empty alt) stays decorative.
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <circle cx="9" cy="9" r="2" />
        <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
      </svg>
    </div>
  );
}
