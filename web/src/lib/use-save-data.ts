import { useSyncExternalStore } from 'react';

type NetworkInformation = EventTarget & { saveData?: boolean };

const connection = () =>
  (navigator as Navigator & { connection?: NetworkInformation }).connection;

function subscribe(onChange: () => void) {
  const target = connection();
  target?.addEventListener('change', onChange);
  return () => target?.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked to save data (the Save-Data hint, where the browser tells).
 * The server (and the hydrating render) assume yes, so nothing heavy starts before the
 * browser has said otherwise.
 */
export function usePrefersSavedData(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connection()?.saveData === true,
    () => true,
  );
}
