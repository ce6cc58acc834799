import { lazy, Suspense } from 'react';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import type { Home } from '../../content/types';
import { HeroSection } from './sections/HeroSection';
import { PartnersSection } from './sections/PartnersSection';
import { StatsSection } from './sections/StatsSection';
import './home.css';

// The sections below the first screen (and their carousels) are a chunk of their own,
// kept out of the page's first load (the JavaScript budget): the browser keeps their
// prerendered markup and React hydrates it once the chunk arrives. The prerender (and
// the unit tests, which prerender in the same process) load it before rendering; the
// client build drops that branch.
const BelowTheFold =
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? (await import('./sections/BelowTheFold')).default
    : lazy(() => import('./sections/BelowTheFold'));

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
      <Suspense fallback={null}>
        <BelowTheFold home={home} contact={layout.contact} />
      </Suspense>
    </>
  );
}
