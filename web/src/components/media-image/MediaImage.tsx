import type { Media } from '../../content/types';

type MediaImageProps = {
  media: Media;
  alt: string;
  className?: string;
  /** Above the fold: load at once (and first). Everything else loads lazily. */
  eager?: boolean;
};

/** An image from the content, always with its intrinsic width and height. */
export function MediaImage({ media, alt, className, eager = false }: MediaImageProps) {
  return (
    <img
      src={media.src}
      width={media.width}
      height={media.height}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}

type OptionalImageProps = Omit<MediaImageProps, 'media'> & { media: Media | null };

/** An optional image: the neutral placeholder shows when the content has none. */
export function OptionalImage({ media, alt, className, eager }: OptionalImageProps) {
  if (media) return <MediaImage media={media} alt={alt} className={className} eager={eager} />;
  return (
    <div className={['image-placeholder', className].filter(Boolean).join(' ')} role="img" aria-label={alt}>
      <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <circle cx="9" cy="9" r="2" />
        <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
      </svg>
    </div>
  );
}
