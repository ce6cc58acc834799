/** How far below (or above) the viewport an element counts as near: a third of a phone screen, ahead of a scroll. */
export const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * Resolves once `element` comes within {@link NEAR_VIEWPORT_MARGIN} of the viewport,
 * at once when there is no element to watch (or no IntersectionObserver): code that
 * waits on it then loads as if nothing were deferred.
 */
export function whenNearViewport(element: Element | null): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
  });
}
