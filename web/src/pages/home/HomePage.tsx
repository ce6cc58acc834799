import { lazy, Suspense } from 'react';
import { useLayoutData, useRouteData } from '../../content/hooks';
import type { HomePageData } from '../../content/types';
import { lazyNearViewport } from '../../lib/when-near-viewport';
import { FIRST_SCREEN_SECTIONS, FirstScreenSection } from './sections/HomeSectionView';
import './home.css';

// Shown only when the page's data could not be had (a failed client navigation): not
// part of the page's first load.
const NotFoundMessage = lazy(() =>
  import('../../components/not-found/NotFoundMessage').then((module) => ({ default: module.NotFoundMessage })),
);

/** The id of the element around the sections below the first screen (home.css skips their rendering until near). */
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

/**
 * The home page: the sections home.toml lists, in its order. The leading first-screen
 * sections render with this module; from the first other section on, the rest is the
 * below-the-fold chunk, which is not fetched at all when no such section is listed.
 */
export default function HomePage() {
  const data = useRouteData<HomePageData>();
  const layout = useLayoutData();
  if (!data)
    return (
      <Suspense>
        <NotFoundMessage />
      </Suspense>
    );
  const home = data.page;
  const split = home.sections.findIndex((section) => !FIRST_SCREEN_SECTIONS.has(section));
  const firstScreen = split === -1 ? home.sections : home.sections.slice(0, split);
  const rest = split === -1 ? [] : home.sections.slice(split);
  return (
    <>
      {firstScreen.map((section) => (
        <FirstScreenSection key={section} section={section} home={home} layout={layout} />
      ))}
      {rest.length > 0 && (
        <div id={BELOW_THE_FOLD_ID}>
          <Suspense fallback={null}>
            <BelowTheFold sections={rest} home={home} layout={layout} />
          </Suspense>
        </div>
      )}
    </>
  );
}
