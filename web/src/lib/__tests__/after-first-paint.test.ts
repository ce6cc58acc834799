import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../after-first-paint';

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('resolves only in a task after the next animation frame', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let resolved = false;
    void afterFirstPaint().then(() => {
      resolved = true;
    });

    await vi.runAllTimersAsync();
    expect(resolved).toBe(false); // no frame yet: nothing painted

    frames.shift()?.(0);
    await Promise.resolve();
    expect(resolved).toBe(false); // the frame callback runs before the paint itself

    await vi.runAllTimersAsync();
    expect(resolved).toBe(true);
  });

  it('does not wait for a frame in a hidden page', async () => {
    vi.useFakeTimers();
    const requestFrame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', requestFrame);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const done = afterFirstPaint();
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBeUndefined();
    expect(requestFrame).not.toHaveBeenCalled();
  });
});
