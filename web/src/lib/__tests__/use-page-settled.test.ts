import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettled } from '../use-page-settled';

describe('whenPageSettled', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the load event, then for an idle moment', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    let settled = false;
    void whenPageSettled().then(() => (settled = true));

    await Promise.resolve();
    expect(idle).toHaveLength(0); // not loaded yet

    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    await Promise.resolve();
    expect(settled).toBe(false); // loaded, not idle yet

    idle[0]?.({ didTimeout: false, timeRemaining: () => 10 });
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('waits only for an idle moment once the page has loaded', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    const settled = whenPageSettled();
    expect(idle).toHaveLength(1);
    idle[0]?.({ didTimeout: false, timeRemaining: () => 10 });
    await expect(settled).resolves.toBeUndefined();
  });
});
