import { useEffect, useState } from 'react';

/** How long an idle moment may be waited for (a page that never idles still gets there). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Resolves once the page has loaded and the browser is idle: after the boot's own
 * work (evaluating the app, hydrating), so work nobody waits for does not compete
 * with it for a slow phone's CPU.
 */
export function whenPageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/** False while the server renders, while the page hydrates and until {@link whenPageSettled}; then true. */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let current = true;
    void whenPageSettled().then(() => {
      if (current) setSettled(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return settled;
}
