import type { Home, Layout } from '../../../content/types';
import { MapSection } from './MapSection';
import { ServicesSliderSection } from './ServicesSliderSection';
import { ShowcaseSection } from './ShowcaseSection';
import { TestimonialsSection } from './TestimonialsSection';

/** The home sections below the first screen: showcase, services slider, testimonials, map. */
export default function BelowTheFold({ home, contact }: { home: Home; contact: Layout['contact'] }) {
  return (
    <>
      <ShowcaseSection showcase={home.showcase} />
      <ServicesSliderSection slider={home.servicesSlider} />
      <TestimonialsSection testimonials={home.testimonials} />
      <MapSection map={home.map} contact={contact} />
    </>
  );
}
