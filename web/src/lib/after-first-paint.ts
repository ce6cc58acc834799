/**
 * Resolves once the browser has painted the current page: a task after the next
 * animation frame. Work started then (evaluating the app, hydrating) cannot delay the
 * first paint of the prerendered HTML. A hidden page paints nothing, so it resolves at once.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
