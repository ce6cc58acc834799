import { useState, type MouseEvent } from 'react';
import { CarouselControls } from '../../../../components/carousel/CarouselControls';
import { useCarousel } from '../../../../components/carousel/use-carousel';
import { MediaImage } from '../../../../components/media-image/MediaImage';
import { SERVICES_SLIDER_INTERVAL_MS } from '../../../../config/timing';
import { servicePath } from '../../../../lib/paths';
import { CardHeading, SectionHeading } from '../Heading';
import { Link } from '../../../../components/link/AppLink';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

// One card per snap, and one snap per card: looping, every step is one card width and
// the last card is followed by the first. (Trimmed snaps stopped short of the last cards,
// at a partial step whose size and count depended on the screen's width, then rewound:
// a cycle was not one step per card, so its stops did not repeat.)
const CAROUSEL = {
  options: { align: 'start', loop: true, slidesToScroll: 1 },
  intervalMs: SERVICES_SLIDER_INTERVAL_MS,
} as const;

/** "Our Services": the service cards, scrolling by one card every 3 s; a click zooms a card. */
export function ServicesSliderSection({ data: slider, headingAs }: HomeSectionProps<'services_slider'>) {
  const { viewportRef, ...carousel } = useCarousel(CAROUSEL);
  const [zoomed, setZoomed] = useState<string | null>(null);
  const toggleZoom = (title: string) => (event: MouseEvent) => {
    // View More does its own thing.
    if ((event.target as Element).closest('a, .service-card-more')) return;
    setZoomed((current) => (current === title ? null : title));
  };
  return (
    <section className="section services-slider" aria-labelledby="services-slider-heading" {...carousel.holdHandlers}>
      <div className="container">
        <SectionHeading as={headingAs} id="services-slider-heading">
          {slider.heading}
        </SectionHeading>
        <div className="carousel-viewport services-viewport" ref={viewportRef} data-ready={carousel.ready || undefined}>
          <ul className="carousel-track services-track" data-selected-index={carousel.selectedIndex}>
            {slider.cards.map((card) => {
              const isZoomed = zoomed === card.title;
              return (
                <li
                  key={card.title}
                  className={`carousel-slide service-slide${isZoomed ? ' is-zoomed' : ''}`}
                  onClick={toggleZoom(card.title)}
                >
                  <article className="service-card card">
                    <button type="button" className="service-card-zoom" aria-pressed={isZoomed}>
                      <MediaImage media={card.image} alt="" className="card-image" />
                      <span className="visually-hidden">Zoom {card.title}</span>
                    </button>
                    <div className="card-body">
                      <CardHeading sectionLevel={headingAs}>{card.title}</CardHeading>
                      {card.service !== null ? (
                        <Link className="button button-outline" to={servicePath(card.service)}>
                          View More<span className="visually-hidden">: {card.title}</span>
                        </Link>
                      ) : (
                        <button type="button" className="button button-outline service-card-more">
                          View More<span className="visually-hidden">: {card.title}</span>
                        </button>
                      )}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        </div>
        <CarouselControls carousel={carousel} slideName="service" />
        {carousel.driver}
      </div>
    </section>
  );
}

/** home.toml's `services_slider` section. */
export const homeSection = defineHomeSection('services_slider', ServicesSliderSection, 'servicesSlider');
