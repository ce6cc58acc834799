import { SectionHeading } from '../Heading';
import { defineHomeSection, type HomeSectionProps } from '../home-section';

/** The map embed of the office (lazy: below the fold). */
export function MapSection({ data: map, layout: { contact }, headingAs }: HomeSectionProps<'map'>) {
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

/** home.toml's `map` section. */
export const homeSection = defineHomeSection('map', MapSection);
