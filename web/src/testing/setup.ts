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
