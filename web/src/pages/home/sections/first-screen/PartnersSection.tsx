import { Pause, Play } from '../../../../components/icons/frame-icons';
import { useState } from 'react';
import '../../../../components/carousel/carousel.css';
import { MediaImage } from '../../../../components/media-image/MediaImage';
import { SectionHeading } from '../Heading';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

/**
 * The associate-partner logos, rotating as an endless row (pure CSS: the list twice,
 * moved by half its width). It stands still under reduced motion, on hover or focus,
 * and once paused.
 */
export function PartnersSection({ data: partners, headingAs }: HomeSectionProps<'partners'>) {
  const [paused, setPaused] = useState(false);
  return (
    <section className="section partners" aria-labelledby="partners-heading">
      <div className="container">
        <SectionHeading as={headingAs} id="partners-heading">
          {partners.heading}
        </SectionHeading>
        <div className={`partner-marquee${paused ? ' is-paused' : ''}`}>
          <div className="partner-track">
            <ul className="partner-logos">
              {partners.logos.map((logo) => (
                <li key={logo.name}>
                  <MediaImage media={logo.image} alt={logo.name} />
                </li>
              ))}
            </ul>
            <ul className="partner-logos partner-logos-repeat" aria-hidden="true">
              {partners.logos.map((logo) => (
                <li key={logo.name}>
                  <MediaImage media={logo.image} alt="" />
                </li>
              ))}
            </ul>
          </div>
        </div>
        <button
          type="button"
          className="carousel-button carousel-play partner-pause"
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? <Play size={18} aria-hidden="true" /> : <Pause size={18} aria-hidden="true" />}
          <span className="visually-hidden">Pause the partner logos</span>
        </button>
      </div>
    </section>
  );
}

/** home.toml's `partners` section. */
export const homeSection = defineHomeSection('partners', PartnersSection);
