// The client entry: global styles, then hydrate or render (see app/start-client.tsx).
// The app (React, the router, the frame) and the screen's modules are fetched and
// evaluated only after the prerendered page has been painted: on a slow phone, the
// first paint waits for nothing but the HTML, the one stylesheet and its images.
// Each step runs in a task of its own (Total Blocking Time): starting each preload,
// evaluating React DOM, evaluating the router and the app, then the steps of
// startClient itself.
import './styles/global.css';
import { afterFirstPaint } from './lib/after-first-paint';
import { preloadModules } from './lib/preload-modules';
import { yieldToMain } from './lib/yield-to-main';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
void afterFirstPaint()
  .then(() => preloadModules())
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('./app/start-client'))
  .then(async ({ startClient }) => {
    await yieldToMain();
    return startClient(container);
  });
