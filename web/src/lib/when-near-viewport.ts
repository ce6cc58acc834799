import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How far below (or above) the viewport an element counts as near: a third of a phone screen, ahead of a scroll. */
export const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * Calls `onNear` once `element` comes within {@link NEAR_VIEWPORT_MARGIN} of the
 * viewport, at once when there is no IntersectionObserver. Returns what stops watching.
 */
export function observeNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Resolves once `element` comes within {@link NEAR_VIEWPORT_MARGIN} of the viewport,
 * at once when there is no element to watch (or no IntersectionObserver): code that
 * waits on it then loads as if nothing were deferred.
 */
export function whenNearViewport(element: Element | null): Promise<void> {
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    observeNearViewport(element, resolve);
  });
}

let keepsPrerenderedMarkup = false;
let loadEveryPart!: () => void;
const everyPartWanted = new Promise<void>((resolve) => {
  loadEveryPart = resolve;
});

/** Called by app/start-client.tsx just before it hydrates: React keeps the prerendered markup. */
export function markHydrating(): void {
  keepsPrerenderedMarkup = true;
}

/**
 * Loads every part still waiting to come near the viewport. A part whose boundary is
 * still dehydrated cannot take an update: app/start-client.tsx calls this on the
 * router's first update (a navigation), whose render then waits for their code instead
 * of for a scroll.
 */
export function loadEveryDeferredPart(): void {
  loadEveryPart();
}

/**
 * A lazily loaded component whose code is fetched only once its prerendered element
 * (the first match of `selector`) comes near the viewport: until then React keeps that
 * markup as the server rendered it (hydration waits at the nearest Suspense boundary),
 * and an element hidden by CSS never loads its code. Rendering from scratch (no
 * prerendered markup to keep) or on a client navigation (no such element yet), the code
 * loads at once.
 *
 * Its Suspense boundary must not re-render with new props before the code is in (give
 * it a memoized parent): React would replace the kept markup with the fallback.
 */
export function lazyNearViewport<Props extends object>(
  selector: string,
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    whenPartWanted(selector)
      .then(load)
      .then((component) => ({ default: component })),
  );
}

/**
 * When the code of the part prerendered as `selector` is wanted (see
 * {@link lazyNearViewport}): its element near the viewport, at once without kept
 * markup or such an element, or on {@link loadEveryDeferredPart}.
 */
export function whenPartWanted(selector: string): Promise<void> {
  const element = keepsPrerenderedMarkup ? document.querySelector(selector) : null;
  return Promise.race([whenNearViewport(element), everyPartWanted]);
}
