// The client entry: global styles, then hydrate or render (see app/start-client.tsx).
// The app (React, the router, the frame) is a chunk of its own, preloaded by the page
// shell and evaluated only after the prerendered page has been painted: evaluating it
// is the page's longest task and must not hold back the first paint on slow phones.
import './styles/global.css';
import { afterFirstPaint } from './lib/after-first-paint';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
void afterFirstPaint()
  .then(() => import('./app/start-client'))
  .then(({ startClient }) => startClient(container));
