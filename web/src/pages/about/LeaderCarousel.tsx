import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useState } from 'react';
import { MediaImage } from '../../components/media-image/MediaImage';
import { LEADER_CAROUSEL_AUTOPLAY_MS } from '../../config/timing';
import type { About } from '../../content/types';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';

/**
 * Story of our Leaders: one director a slide, autoplay every 5 s, infinite (the last
 * wraps to the first), with dots. Under reduced motion it does not move by itself.
 */
export function LeaderCarousel({ leaders }: { leaders: About['leaders'] }) {
  const reducedMotion = usePrefersReducedMotion();
  const plugins = useMemo(
    () => (reducedMotion ? [] : [Autoplay({ delay: LEADER_CAROUSEL_AUTOPLAY_MS, stopOnInteraction: false })]),
    [reducedMotion],
  );
  const [bindViewport, emblaApi] = useEmblaCarousel({ loop: true }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const goTo = (index: number) => {
    emblaApi?.scrollTo(index);
    // A chosen slide gets its full 5 s.
    emblaApi?.plugins().autoplay?.reset();
  };

  const count = leaders.item.length;
  return (
    <section className="section leaders" aria-roledescription="carousel" aria-labelledby="leaders-heading">
      <h2 id="leaders-heading">{leaders.heading}</h2>
      <div className="leader-carousel">
        <div className="leader-viewport" ref={bindViewport}>
          <div className="leader-track">
            {leaders.item.map((leader, index) => (
              <div
                key={leader.name}
                className="leader-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}: ${leader.name}`}
                data-selected={index === selected}
              >
                <div className="leader card">
                  <MediaImage media={leader.image} alt={leader.name} className="leader-image" />
                  <div className="card-body">
                    <p className="leader-title">{leader.title}</p>
                    <h3>{leader.name}</h3>
                    <p className="leader-designation">{leader.designation}</p>
                    {leader.paragraphs.map((paragraph, paragraphIndex) => (
                      <p key={paragraphIndex}>{paragraph}</p>
                    ))}
                  </div>
                </div>
              </div>
            ))}
          </div>
        </div>
        <div className="carousel-dots">
          {leaders.item.map((leader, index) => (
            <button
              key={leader.name}
              type="button"
              className="carousel-dot"
              aria-label={`Show ${leader.name}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
