import type { BelowTheFoldProps } from './HomeSectionView';
import { FirstScreenSection } from './HomeSectionView';
import { MapSection } from './MapSection';
import { ServicesSliderSection } from './ServicesSliderSection';
import { ShowcaseSection } from './ShowcaseSection';
import { TestimonialsSection } from './TestimonialsSection';

/**
 * The home sections from the first one below the first screen on, in home.toml's
 * order (a first-screen section listed after them renders here too).
 */
export default function BelowTheFold({ sections, home, contact }: BelowTheFoldProps) {
  return (
    <>
      {sections.map((section) => {
        switch (section) {
          case 'showcase':
            return home.showcase && <ShowcaseSection key={section} showcase={home.showcase} />;
          case 'services_slider':
            return home.servicesSlider && <ServicesSliderSection key={section} slider={home.servicesSlider} />;
          case 'testimonials':
            return home.testimonials && <TestimonialsSection key={section} testimonials={home.testimonials} />;
          case 'map':
            return home.map && <MapSection key={section} map={home.map} contact={contact} />;
          default:
            return <FirstScreenSection key={section} section={section} home={home} />;
        }
      })}
    </>
  );
}
