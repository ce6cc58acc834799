import { Suspense } from 'react';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useLayoutData, useRouteData } from '../../content/hooks';
import type { Home } from '../../content/types';
import { lazyNearViewport } from '../../lib/when-near-viewport';
import { HeroSection } from './sections/HeroSection';
import { PartnersSection } from './sections/PartnersSection';
import { StatsSection } from './sections/StatsSection';
import './home.css';

/** The id of the element around the sections below the first screen. */
const BELOW_THE_FOLD_ID = 'below-the-fold';

// The sections below the first screen (and their carousels) are a chunk of their own,
// fetched only when they come near the viewport (the JavaScript budget of the page's
// first load): until then the browser shows their prerendered markup, then React
// hydrates it. The prerender (and the unit tests, which prerender in the same process)
// load it before rendering; the client build drops that branch.
const BelowTheFold =
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? (await import('./sections/BelowTheFold')).default
    : lazyNearViewport(`#${BELOW_THE_FOLD_ID}`, () => import('./sections/BelowTheFold').then((module) => module.default));

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
      <div id={BELOW_THE_FOLD_ID}>
        <Suspense fallback={null}>
          <BelowTheFold home={home} contact={layout.contact} />
        </Suspense>
      </div>
    </>
  );
}
