import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { useLayoutData } from '../../content/hooks';
import type { RouteId } from '../route-table.gen';
import { ChatButton } from './ChatButton';
import { DocumentMeta } from './DocumentMeta';
import { NavBar } from './NavBar';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';
import './layout.css';

/** The block route that shows the footer alone: the frame leaves its own out there. */
const FOOTER_BLOCK_ROUTE: RouteId = 'block-footer';

// Loaded on first use: it is not part of any page's first paint.
const QuoteModal = lazy(() => import('./QuoteModal').then((module) => ({ default: module.QuoteModal })));

/** The frame of every screen: top bar, navigation, main, footer, chat button. */
export function RootLayout() {
  const layout = useLayoutData();
  const matches = useMatches();
  const [quoteOpen, setQuoteOpen] = useState(false);
  // Tells tests (and anything else watching) that the app has hydrated or rendered.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  const hideFrameFooter = matches.some((match) => match.id === FOOTER_BLOCK_ROUTE);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <TopBar layout={layout} />
        <NavBar layout={layout} onGetQuote={() => setQuoteOpen(true)} />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {!hideFrameFooter && <SiteFooter layout={layout} />}
      <ChatButton chatUrl={layout.contact.chatUrl} />
      {quoteOpen && (
        <Suspense fallback={null}>
          <QuoteModal onClose={() => setQuoteOpen(false)} />
        </Suspense>
      )}
      <ScrollRestoration />
      <DocumentMeta />
    </>
  );
}
