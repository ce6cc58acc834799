import type { Home, Layout } from '../../../content/types';
import { SectionHeading, type HeadingLevel } from './Heading';

/** The map embed of the office (lazy: below the fold). */
export function MapSection({
  map,
  contact,
  headingAs,
}: {
  map: Home['map'];
  contact: Layout['contact'];
  headingAs?: HeadingLevel;
}) {
  return (
    <section className="section map-section">
      <div className="container">
        <SectionHeading as={headingAs}>{map.heading}</SectionHeading>
        <iframe
          className="map-frame"
          src={contact.mapEmbedUrl}
          title={contact.mapTitle}
          height={map.height}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
        <p className="map-address">{contact.address}</p>
      </div>
    </section>
  );
}
