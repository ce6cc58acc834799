import { useEffect, useRef, useState } from 'react';
import { MediaImage } from '../../components/media-image/MediaImage';
import type { Timeline } from '../../content/types';

/**
 * The biography timeline: its background image is that of the entry scrolled into
 * view (the one crossing the middle of the screen); it links to its source.
 */
export function BiographyTimeline({ biography }: { biography: Timeline['biography'] }) {
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const entries = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-entry-index]') ?? [])];
    if (entries.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) {
          if (change.isIntersecting) setActiveIndex(Number((change.target as HTMLElement).dataset.entryIndex));
        }
      },
      { rootMargin: '-45% 0px -45% 0px' },
    );
    entries.forEach((entry) => observer.observe(entry));
    return () => observer.disconnect();
  }, [biography]);

  const active = biography.entry[activeIndex] ?? biography.entry[0];
  return (
    <section className="section biography" aria-labelledby="biography-timeline">
      {/* Images, not an inline background style: the site's CSP allows no style attributes. */}
      <div className="biography-backdrop" data-entry-year={active?.year} aria-hidden="true">
        {biography.entry.map((entry, index) => (
          <img
            key={entry.year}
            src={entry.image.src}
            width={entry.image.width}
            height={entry.image.height}
            alt=""
            loading="lazy"
            decoding="async"
            className={index === activeIndex ? 'is-active' : undefined}
          />
        ))}
      </div>
      <div className="biography-content">
        <h2 id="biography-timeline">{biography.heading}</h2>
        <ol className="timeline" ref={listRef}>
          {biography.entry.map((entry, index) => (
            <li
              key={entry.year}
              className={`timeline-entry timeline-entry-with-image${index === activeIndex ? ' is-active' : ''}`}
              data-entry-index={index}
            >
              <MediaImage media={entry.image} alt={entry.title} className="timeline-image" />
              <div>
                <p className="timeline-date">{entry.year}</p>
                <h3>{entry.title}</h3>
                <p>{entry.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="biography-source">
          <a href={biography.sourceUrl} target="_blank" rel="noopener">
            {biography.sourceLabel}
          </a>
        </p>
      </div>
    </section>
  );
}
