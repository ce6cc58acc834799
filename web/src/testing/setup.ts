// Test setup: what jsdom lacks and the app uses.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}
if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; ScrollRestoration calls it.
  window.scrollTo = () => {};
}
if (typeof window !== 'undefined' && !('IntersectionObserver' in window)) {
  // jsdom has no IntersectionObserver; the carousels (embla) and the counters observe
  // visibility. Nothing ever intersects here, which is what a test without layout means.
  class NoIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds: readonly number[] = [];
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: NoIntersectionObserver });
  Object.assign(globalThis, { IntersectionObserver: NoIntersectionObserver });
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  // jsdom has no ResizeObserver either (embla watches its container's size).
  class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: NoResizeObserver });
  Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
}
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  // jsdom has <dialog> without its methods. Enough of them for a test without layout: the
  // open state, and the close event in a later task, as browsers fire it.
  Object.assign(HTMLDialogElement.prototype, {
    show(this: HTMLDialogElement) {
      this.open = true;
    },
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      setTimeout(() => this.dispatchEvent(new Event('close')));
    },
  });
}
