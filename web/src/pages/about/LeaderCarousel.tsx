import { useCarousel } from '../../components/carousel/use-carousel';
import { MediaImage } from '../../components/media-image/MediaImage';
import { LEADER_CAROUSEL_AUTOPLAY_MS } from '../../config/timing';
import type { About } from '../../content/types';

// Infinite: the last leader wraps to the first.
const CAROUSEL = { options: { loop: true }, intervalMs: LEADER_CAROUSEL_AUTOPLAY_MS };

/**
 * Story of our Leaders: one director a slide, autoplay every 5 s, infinite (the last
 * wraps to the first), with dots. Under reduced motion it does not move by itself, nor
 * while the pointer or the focus is inside.
 */
export function LeaderCarousel({ leaders }: { leaders: About['leaders'] }) {
  const { viewportRef, ...carousel } = useCarousel(CAROUSEL);
  const count = leaders.item.length;
  return (
    <section
      className="section leaders"
      aria-roledescription="carousel"
      aria-labelledby="leaders-heading"
      {...carousel.holdHandlers}
    >
      <h2 id="leaders-heading">{leaders.heading}</h2>
      <div className="leader-carousel">
        <div className="leader-viewport" ref={viewportRef} data-ready={carousel.ready || undefined}>
          <div className="leader-track">
            {leaders.item.map((leader, index) => (
              <div
                key={leader.name}
                className="leader-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}: ${leader.name}`}
                data-selected={index === carousel.selectedIndex}
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
              aria-current={index === carousel.selectedIndex ? 'true' : undefined}
              onClick={() => carousel.scrollTo(index)}
            />
          ))}
        </div>
      </div>
      {carousel.driver}
    </section>
  );
}
