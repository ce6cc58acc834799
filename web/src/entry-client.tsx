// The client entry: global styles, then hydrate or render (see app/start-client.tsx).
// The app (React, the router, the frame) and the screen's modules are fetched and
// evaluated only after the prerendered page has been painted: on a slow phone, the
// first paint waits for nothing but the HTML, the one stylesheet and its images.
// React DOM is evaluated in a task of its own, before the router and the app: one
// long task of evaluating everything becomes two shorter ones (Total Blocking Time).
import './styles/global.css';
import { afterFirstPaint } from './lib/after-first-paint';
import { preloadModules } from './lib/preload-modules';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
void afterFirstPaint()
  .then(() => {
    preloadModules();
    return import('react-dom/client');
  })
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => import('./app/start-client'))
  .then(({ startClient }) => startClient(container));
