import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_SIMULATED_SUBMIT_MS } from '../limits';
import { useSubmission, wait } from '../submission/use-submission';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the submit state machine (spec point 4)', () => {
  it('goes idle → submitting → succeeded', async () => {
    const { result } = renderHook(() => useSubmission());
    expect(result.current.status).toBe('idle');
    let done: Promise<boolean | null> = Promise.resolve(null);
    act(() => {
      done = result.current.run(async () => {
        await wait(JOB_SIMULATED_SUBMIT_MS);
        return true;
      });
    });
    expect(result.current.status).toBe('submitting');
    expect(result.current.submitting).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(JOB_SIMULATED_SUBMIT_MS - 1);
    });
    expect(result.current.status).toBe('submitting');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(result.current.status).toBe('succeeded');
    await expect(done).resolves.toBe(true);
  });

  it('goes to failed when the task fails or throws', async () => {
    const { result } = renderHook(() => useSubmission());
    await act(async () => {
      await result.current.run(async () => false);
    });
    expect(result.current.status).toBe('failed');
    await act(async () => {
      await result.current.run(async () => {
        throw new Error('boom');
      });
    });
    expect(result.current.status).toBe('failed');
  });

  it('ignores a second submit while the first runs', async () => {
    const { result } = renderHook(() => useSubmission());
    const task = vi.fn(async () => {
      await wait(1000);
      return true;
    });
    let second: Promise<boolean | null> = Promise.resolve(false);
    act(() => {
      void result.current.run(task);
      second = result.current.run(task);
    });
    await expect(second).resolves.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(task).toHaveBeenCalledTimes(1);
    // Once it is over, a new submit runs again.
    await act(async () => {
      void result.current.run(task);
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('resets to idle', async () => {
    const { result } = renderHook(() => useSubmission());
    await act(async () => {
      await result.current.run(async () => true);
    });
    act(() => result.current.reset());
    expect(result.current.status).toBe('idle');
  });
});
