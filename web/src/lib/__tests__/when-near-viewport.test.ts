import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, whenNearViewport } from '../when-near-viewport';

type Callback = (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void;

/** An IntersectionObserver the test drives by hand. */
function stubObserver() {
  const observers: { callback: Callback; options?: IntersectionObserverInit; observed: Element[]; disconnected: boolean }[] = [];
  class ManualObserver {
    private readonly record;
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      this.record = { callback, options, observed: [] as Element[], disconnected: false };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', ManualObserver);
  return observers;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('whenNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits until the element comes near the viewport, then stops watching', async () => {
    const observers = stubObserver();
    const element = document.createElement('div');
    const near = whenNearViewport(element);
    const [observer] = observers;
    expect(observer?.observed).toEqual([element]);
    expect(observer?.options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);

    observer?.callback([{ isIntersecting: false }]);
    expect(await settled(near)).toBe(false);

    observer?.callback([{ isIntersecting: true }]);
    expect(await settled(near)).toBe(true);
    expect(observer?.disconnected).toBe(true);
  });

  it('resolves at once without an element to watch', async () => {
    const observers = stubObserver();
    expect(await settled(whenNearViewport(null))).toBe(true);
    expect(observers).toHaveLength(0);
  });
});
