import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import { useScreenRouteId } from '../../lib/route-handle';
import type { ROUTE_MODULES } from '../../lib/route-modules.gen';
import type { RouteId } from '../../lib/route-paths.gen';
import type { Home, HomeSection } from '../../content/types';
import { AchievementsSection } from './sections/AchievementsSection';
import { sectionsByKind, type RegisteredSection } from './sections/home-section';
import './home.css';

/** Every home section, first screen or not, by kind. */
const SECTIONS = new Map([
  ...sectionsByKind(import.meta.glob<RegisteredSection>('./sections/first-screen/*.tsx', { eager: true, import: 'homeSection' })),
  ...sectionsByKind(import.meta.glob<RegisteredSection>('./sections/below-the-fold/*.tsx', { eager: true, import: 'homeSection' })),
]);

/** A block that a block route shows alone: a section of the home page, or the site's claims. */
type HomeBlock = HomeSection | 'achievements';

/** The routes whose screen is this module. */
type HomeBlockRouteId = {
  [Id in keyof typeof ROUTE_MODULES]: (typeof ROUTE_MODULES)[Id] extends 'src/pages/home/HomeBlockPage.tsx' ? Id : never;
}[keyof typeof ROUTE_MODULES];

/** Which block each of those routes shows: a route without its block fails type-checking. */
const BLOCK_OF_ROUTE = {
  'block-home-slider': 'hero',
  'block-map': 'map',
  'block-service': 'services_slider',
  'block-associate-partners': 'partners',
  'block-number-increase': 'stats',
  'block-achievement': 'achievements',
  'block-our-clients-say': 'testimonials',
  'block-testimonial': 'testimonials',
  'block-product-home': 'showcase',
} as const satisfies Record<HomeBlockRouteId, HomeBlock>;

function blockOf(id: RouteId | undefined): HomeBlock | undefined {
  return id !== undefined && id in BLOCK_OF_ROUTE ? BLOCK_OF_ROUTE[id as HomeBlockRouteId] : undefined;
}

/** A block route: one home-page block alone, its heading the page's h1. */
export default function HomeBlockPage() {
  const data = useRouteData<Home>();
  const layout = useLayoutData();
  const block = blockOf(useScreenRouteId());
  if (!data) return <NotFoundMessage />;
  const home = data.page;
  if (block === 'achievements') return <AchievementsSection claims={layout.site.claims} headingAs="h1" />;
  const render = block === undefined ? undefined : SECTIONS.get(block);
  return render ? render(home, layout, 'h1') : <NotFoundMessage />;
}
