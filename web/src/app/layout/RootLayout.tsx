import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { useLayoutData } from '../../content/hooks';
import type { ScreenHandle } from '../../lib/route-handle';
import { ChatButton } from './ChatButton';
import { DocumentMeta } from './DocumentMeta';
import { NavBar } from './NavBar';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';
import './layout.css';

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
  const hideFrameFooter = matches.some((match) => (match.handle as ScreenHandle | undefined)?.hideFrameFooter);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {/* Each boundary hydrates in its own render and commit, after the root's: a
          slow phone gets several short tasks instead of one long one. */}
      <header className="site-header">
        <Suspense fallback={null}>
          <TopBar layout={layout} />
          <NavBar layout={layout} onGetQuote={() => setQuoteOpen(true)} />
        </Suspense>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {!hideFrameFooter && (
        <Suspense fallback={null}>
          <SiteFooter layout={layout} />
        </Suspense>
      )}
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
