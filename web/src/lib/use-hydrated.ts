import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the client hydrates; true afterwards (and
 * at once for anything first rendered after hydration). Client-only inputs (the
 * history state, the clock) may feed the render only when this is true, so the
 * hydrating render matches the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
