import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, observeNearViewport, whenNearViewport } from '../when-near-viewport';
import type * as WhenNearViewport from '../when-near-viewport';

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

describe('observeNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls back once the element comes near, and stops watching when asked', () => {
    const observers = stubObserver();
    const onNear = vi.fn();
    const element = document.createElement('div');
    observeNearViewport(element, onNear);
    const [observer] = observers;
    observer?.callback([{ isIntersecting: false }]);
    expect(onNear).not.toHaveBeenCalled();
    observer?.callback([{ isIntersecting: true }]);
    expect(onNear).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(true);

    const other = observeNearViewport(element, onNear);
    other();
    expect(observers[1]?.disconnected).toBe(true);
  });

  it('calls back at once without an IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const onNear = vi.fn();
    observeNearViewport(document.createElement('div'), onNear);
    expect(onNear).toHaveBeenCalledTimes(1);
  });
});

describe('whenPartWanted', () => {
  // The hydration mark and the release are once per page: a fresh module per test.
  let parts: typeof WhenNearViewport;
  beforeEach(async () => {
    vi.resetModules();
    parts = await import('../when-near-viewport');
    document.body.innerHTML = '<footer class="site-footer">prerendered</footer>';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('loads at once when the page is rendered from scratch (its markup is not kept)', async () => {
    const observers = stubObserver();
    expect(await settled(parts.whenPartWanted('footer.site-footer'))).toBe(true);
    expect(observers).toHaveLength(0);
  });

  it('waits for the kept prerendered element to come near the viewport while hydrating', async () => {
    const observers = stubObserver();
    parts.markHydrating();
    const wanted = parts.whenPartWanted('footer.site-footer');
    expect(observers[0]?.observed).toEqual([document.querySelector('footer.site-footer')]);
    expect(await settled(wanted)).toBe(false);
    observers[0]?.callback([{ isIntersecting: true }]);
    expect(await settled(wanted)).toBe(true);
  });

  it('loads at once when hydrating finds no such element (a client navigation)', async () => {
    stubObserver();
    parts.markHydrating();
    expect(await settled(parts.whenPartWanted('#below-the-fold'))).toBe(true);
  });

  it('loads every waiting part on loadEveryDeferredPart (the router\'s first update)', async () => {
    stubObserver();
    parts.markHydrating();
    const wanted = parts.whenPartWanted('footer.site-footer');
    expect(await settled(wanted)).toBe(false);
    parts.loadEveryDeferredPart();
    expect(await settled(wanted)).toBe(true);
  });
});
