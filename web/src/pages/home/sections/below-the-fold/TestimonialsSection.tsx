import { Quote } from 'lucide-react';
import { CarouselControls } from '../../../../components/carousel/CarouselControls';
import { useCarousel } from '../../../../components/carousel/use-carousel';
import { TESTIMONIAL_INTERVAL_MS } from '../../../../config/timing';
import { SectionHeading } from '../Heading';
import { DraftBadge } from '../../../../components/draft-badge/DraftBadge';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

const CAROUSEL = { options: { loop: true }, intervalMs: TESTIMONIAL_INTERVAL_MS };

/** The client-testimonial carousel: one slide at a time, every 4.5 s, paused on hover and focus. */
export function TestimonialsSection({ data: testimonials, headingAs }: HomeSectionProps<'testimonials'>) {
  const { viewportRef, ...carousel } = useCarousel(CAROUSEL);
  const count = testimonials.items.length;
  return (
    <section className="section testimonials" aria-labelledby="testimonials-heading" {...carousel.holdHandlers}>
      <div className="container">
        <SectionHeading as={headingAs} id="testimonials-heading">
          {testimonials.heading}
        </SectionHeading>
        <div className="carousel-viewport testimonial-viewport" ref={viewportRef} data-ready={carousel.ready || undefined}>
          <div className="carousel-track">
            {testimonials.items.map((item, index) => (
              <div
                key={item.name}
                role="group"
                className="carousel-slide testimonial"
                data-style={item.backgroundClass}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                aria-current={index === carousel.selectedIndex ? 'true' : undefined}
              >
                <figure>
                  <Quote className="testimonial-mark" size={36} aria-hidden="true" />
                  <blockquote>
                    <p>{item.quote}</p>
                  </blockquote>
                  <figcaption>
                    <span className="testimonial-avatar" data-style={item.imageClass} aria-hidden="true">
                      {item.name.charAt(0)}
                    </span>
                    {item.name}
                    <DraftBadge draft={item.draft} />
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
        <CarouselControls carousel={carousel} slideName="testimonial" dots={count} />
        {carousel.driver}
      </div>
    </section>
  );
}

/** home.toml's `testimonials` section. */
export const homeSection = defineHomeSection('testimonials', TestimonialsSection);
