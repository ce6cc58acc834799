import type { Home } from '../../../content/types';
import { SectionHeading, type HeadingLevel } from './Heading';

/** Client testimonials (shown together; the carousel is a later issue). */
export function TestimonialsSection({
  testimonials,
  headingAs,
}: {
  testimonials: Home['testimonials'];
  headingAs?: HeadingLevel;
}) {
  return (
    <section className="section testimonials">
      <div className="container">
        <SectionHeading as={headingAs}>{testimonials.heading}</SectionHeading>
        <ul className="testimonial-list">
          {testimonials.items.map((item) => (
            <li key={item.name} className="testimonial" data-style={item.backgroundClass}>
              <figure>
                <blockquote>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial-avatar" data-style={item.imageClass} aria-hidden="true">
                    {item.name.charAt(0)}
                  </span>
                  {item.name}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
