/**
 * Resolves in a task of its own: work chained after it does not lengthen the current
 * task. A slow phone then runs several short tasks instead of one long one, and can
 * answer a tap in between (Lighthouse's Total Blocking Time counts each task's time
 * over 50 ms).
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
