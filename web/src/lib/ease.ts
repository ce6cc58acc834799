/** The ease-out curve of the counters: fast at first, settling at the end (t and result in 0…1). */
export function easeOutCubic(t: number): number {
  const clamped = Math.min(Math.max(t, 0), 1);
  return 1 - (1 - clamped) ** 3;
}

/** A counter's value `elapsed` ms into a count-up of `duration` ms, rounded to `decimals`. */
export function countUpValue(target: number, decimals: number, elapsed: number, duration: number): number {
  const factor = 10 ** decimals;
  return Math.round(target * easeOutCubic(elapsed / duration) * factor) / factor;
}
