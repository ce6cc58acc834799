import { lazy, memo, Suspense, use, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { useLayoutData } from '../../content/hooks';
import type { RouteId } from '../route-table.gen';
import type { Layout } from '../../content/types';
import { lazyNearViewport } from '../../lib/when-near-viewport';
import { ChatButton } from './ChatButton';
import { FRAME_START, FramePartsContext, SCREEN_SLOT, useFrameDependency } from '../../lib/frame-parts';
import { DocumentMeta } from './DocumentMeta';
import { NavBar } from './NavBar';
import { watchOutbox } from '../../forms/outbox/outbox-watch';
import { QuoteRequestContext } from '../../lib/quote-request';
import './layout.css';

/** The block route that shows the footer alone: the frame leaves its own out there. */
const FOOTER_BLOCK_ROUTE: RouteId = 'block-footer';

// Loaded on first use: it is not part of any page's first paint.
const QuoteModal = lazy(() => import('./QuoteModal').then((module) => ({ default: module.QuoteModal })));

// The parts of the frame a phone does not see on its first screen: the contact bar
// (large screens only, by CSS) and the footer (below every page's first screen). Their
// code is fetched when their prerendered element comes near the viewport, never for a
// hidden top bar (the home page's JavaScript budget); until then the browser shows their
// markup, whose links work as plain links. The prerender and the unit tests load them
// before rendering; the client build drops that branch.
const TopBar =
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? (await import('./TopBar')).TopBar
    : lazyNearViewport('.top-bar', () => import('./TopBar').then((module) => module.TopBar));
const SiteFooter =
  import.meta.env.SSR || import.meta.env.MODE === 'test'
    ? (await import('./SiteFooter')).SiteFooter
    : lazyNearViewport('footer.site-footer', () => import('./SiteFooter').then((module) => module.SiteFooter));

// Memoized (the layout data never changes): the frame's re-renders (a dialog opening, a
// navigation) do not reach a boundary that still waits for its code.
const DeferredTopBar = memo(function DeferredTopBar({ layout }: { layout: Layout }) {
  return (
    <Suspense fallback={null}>
      <TopBar layout={layout} />
    </Suspense>
  );
});
const DeferredFooter = memo(function DeferredFooter({ layout }: { layout: Layout }) {
  return (
    <Suspense fallback={null}>
      <SiteFooter layout={layout} />
    </Suspense>
  );
});

/** Whether the matched routes show the footer alone, which the frame then leaves out. */
const isFooterBlock = (routeIds: readonly string[]) => routeIds.includes(FOOTER_BLOCK_ROUTE);

/** The frame of every screen: top bar, navigation, main, footer, chat button. */
export function RootLayout() {
  const layout = useLayoutData();
  const matches = useMatches();
  // The quote form's message when open: empty from the navigation bar, a search's
  // query from "Ask us".
  const [quoteMessage, setQuoteMessage] = useState<string | null>(null);
  // Tells tests (and anything else watching) that the app has hydrated or rendered.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  useEffect(() => watchOutbox(layout.email), [layout.email]);
  const hideFrameFooter = isFooterBlock(matches.map((match) => match.id));
  useFrameDependency('footer block', (state) => isFooterBlock(state.routeIds));
  // The prerender may render the frame or the screen alone (frame-parts.ts): the
  // children keep their places either way, so the screen's ids are the same.
  const { frame, screen } = use(FramePartsContext);

  return (
    <>
      {frame && (
        <>
          {!screen && FRAME_START}
          <a className="skip-link" href="#main">
            Skip to main content
          </a>
        </>
      )}
      {/* Each boundary hydrates in its own render and commit, after the root's: a
          slow phone gets several short tasks instead of one long one. */}
      {frame && (
        <header className="site-header">
          <DeferredTopBar layout={layout} />
          <Suspense fallback={null}>
            <NavBar layout={layout} onGetQuote={() => setQuoteMessage('')} />
          </Suspense>
        </header>
      )}
      <main id="main" tabIndex={-1}>
        <QuoteRequestContext value={setQuoteMessage}>
          <Suspense fallback={null}>{screen ? <Outlet /> : SCREEN_SLOT}</Suspense>
        </QuoteRequestContext>
      </main>
      {frame && !hideFrameFooter && <DeferredFooter layout={layout} />}
      {frame && <ChatButton chatUrl={layout.contact.chatUrl} />}
      {frame && quoteMessage !== null && (
        <Suspense fallback={null}>
          <QuoteModal message={quoteMessage} onClose={() => setQuoteMessage(null)} />
        </Suspense>
      )}
      {frame && <ScrollRestoration />}
      {frame && <DocumentMeta />}
    </>
  );
}
