// The client entry: global styles, then hydrate or render (see app/start-client.tsx).
// The app (React, the router, the frame) and the screen's modules are fetched and
// evaluated only after the prerendered page has been painted: on a slow phone, the
// first paint waits for nothing but the HTML, the one stylesheet and its images.
// Each step runs in a task of its own (Total Blocking Time): starting each preload,
// evaluating React DOM, evaluating the router and the app, then the steps of
// startClient itself.
import './styles/global.css';
import { enforceDropdownRules } from './app/layout/early-menus';
import { fetchData } from './content/data-cache';
import { layoutDataUrl } from './content/route-data-url';
import { afterFirstPaint } from './lib/after-first-paint';
import { numberFirstHistoryEntry } from './lib/history-index';
import { preloadModules } from './lib/preload-modules';
import { yieldToMain } from './lib/yield-to-main';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
// Until the bar has hydrated, the dropdowns the browser opens keep the spec's rules.
enforceDropdownRules();
// Now, while the page loads: the router's start after the first paint then writes none.
numberFirstHistoryEntry();
void afterFirstPaint()
  .then(() => {
    // The layout file every page shares (cached after the first page), fetched beside
    // the modules: hydration needs both. startClient reads the same request.
    void fetchData(layoutDataUrl());
    return preloadModules();
  })
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('./app/start-client'))
  .then(async ({ startClient }) => {
    await yieldToMain();
    return startClient(container);
  });
