import { useCallback, useRef, useState } from 'react';

/** idle → submitting → succeeded | failed (spec point 4); a new submit starts again from either end. */
export type SubmitStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

/**
 * A form's submit state. `run(task)` moves to submitting, then to succeeded or failed
 * by the task's answer; while a task runs, another `run` does nothing and resolves to
 * `null` (a second click sends nothing more, even within the same frame).
 */
export function useSubmission() {
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const running = useRef(false);

  const run = useCallback(async (task: () => Promise<boolean>): Promise<boolean | null> => {
    if (running.current) return null;
    running.current = true;
    setStatus('submitting');
    try {
      const ok = await task().catch(() => false);
      setStatus(ok ? 'succeeded' : 'failed');
      return ok;
    } finally {
      running.current = false;
    }
  }, []);

  const reset = useCallback(() => {
    if (!running.current) setStatus('idle');
  }, []);

  return { status, submitting: status === 'submitting', run, reset };
}

/** Resolves after `ms`: the job form's simulated submit. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
