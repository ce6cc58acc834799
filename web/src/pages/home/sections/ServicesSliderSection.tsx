import { Link } from 'react-router-dom';
import { MediaImage } from '../../../components/media-image/MediaImage';
import type { Home } from '../../../content/types';
import { SectionHeading, type HeadingLevel } from './Heading';

/** The service cards (a scrolling row; auto-scroll and zoom are a later issue). */
export function ServicesSliderSection({
  slider,
  headingAs,
}: {
  slider: Home['servicesSlider'];
  headingAs?: HeadingLevel;
}) {
  return (
    <section className="section services-slider">
      <div className="container">
        <SectionHeading as={headingAs}>{slider.heading}</SectionHeading>
        <ul className="services-track">
          {slider.cards.map((card) => (
            <li key={card.title} className="service-card card">
              <MediaImage media={card.image} alt={card.title} className="card-image" />
              <div className="card-body">
                <h3>{card.title}</h3>
                {card.service !== null ? (
                  <Link className="button button-outline" to={'/services/' + encodeURIComponent(card.service)}>
                    View More<span className="visually-hidden">: {card.title}</span>
                  </Link>
                ) : (
                  <button type="button" className="button button-outline">
                    View More<span className="visually-hidden">: {card.title}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
