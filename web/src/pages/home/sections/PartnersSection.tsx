import { MediaImage } from '../../../components/media-image/MediaImage';
import type { Home } from '../../../content/types';
import { SectionHeading, type HeadingLevel } from './Heading';

export function PartnersSection({ partners, headingAs }: { partners: Home['partners']; headingAs?: HeadingLevel }) {
  return (
    <section className="section partners">
      <div className="container">
        <SectionHeading as={headingAs}>{partners.heading}</SectionHeading>
        <ul className="partner-logos">
          {partners.logos.map((logo) => (
            <li key={logo.name}>
              <MediaImage media={logo.image} alt={logo.name} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
