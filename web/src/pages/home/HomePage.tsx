import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import type { Home } from '../../content/types';
import { HeroSection } from './sections/HeroSection';
import { MapSection } from './sections/MapSection';
import { PartnersSection } from './sections/PartnersSection';
import { ServicesSliderSection } from './sections/ServicesSliderSection';
import { ShowcaseSection } from './sections/ShowcaseSection';
import { StatsSection } from './sections/StatsSection';
import { TestimonialsSection } from './sections/TestimonialsSection';
import './home.css';

/** The home page, its blocks in the spec's order. */
export default function HomePage() {
  const data = useRouteData<Home>();
  const layout = useLayoutData();
  if (!data) return <NotFoundMessage />;
  const home = data.page;
  return (
    <>
      <HeroSection hero={home.hero} />
      <StatsSection stats={home.stats} />
      <PartnersSection partners={home.partners} />
      <ShowcaseSection showcase={home.showcase} />
      <ServicesSliderSection slider={home.servicesSlider} />
      <TestimonialsSection testimonials={home.testimonials} />
      <MapSection map={home.map} contact={layout.contact} />
    </>
  );
}
