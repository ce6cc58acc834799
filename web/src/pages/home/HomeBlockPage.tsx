import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import { useScreenHandle } from '../../lib/route-handle';
import type { Home } from '../../content/types';
import { HeroSection } from './sections/HeroSection';
import { MapSection } from './sections/MapSection';
import { PartnersSection } from './sections/PartnersSection';
import { ServicesSliderSection } from './sections/ServicesSliderSection';
import { ShowcaseSection } from './sections/ShowcaseSection';
import { AchievementsSection } from './sections/AchievementsSection';
import { StatsSection } from './sections/StatsSection';
import { TestimonialsSection } from './sections/TestimonialsSection';
import './home.css';

/** A block route: one home-page block alone, its heading the page's h1. */
export default function HomeBlockPage() {
  const data = useRouteData<Home>();
  const layout = useLayoutData();
  const block = useScreenHandle()?.block;
  if (!data) return <NotFoundMessage />;
  const home = data.page;
  switch (block) {
    case 'hero':
      return <HeroSection hero={home.hero} />;
    case 'map':
      return <MapSection map={home.map} contact={layout.contact} headingAs="h1" />;
    case 'services':
      return <ServicesSliderSection slider={home.servicesSlider} headingAs="h1" />;
    case 'partners':
      return <PartnersSection partners={home.partners} headingAs="h1" />;
    case 'stats':
      return <StatsSection stats={home.stats} headingAs="h1" />;
    case 'achievements':
      return <AchievementsSection claims={layout.site.claims} headingAs="h1" />;
    case 'testimonials':
      return <TestimonialsSection testimonials={home.testimonials} headingAs="h1" />;
    case 'showcase':
      return <ShowcaseSection showcase={home.showcase} headingAs="h1" />;
    case undefined:
      return <NotFoundMessage />;
  }
}
