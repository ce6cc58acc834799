// Toasts (react-toastify), loaded on first use: neither the library nor its CSS is in
// any page's first JavaScript. One container, mounted in its own root outside the app,
// so a toast outlives the modal or page that raised it.
import type { ToastHost, ToastKind, ToastPlacement } from './types';

export type { ToastKind, ToastPlacement } from './types';

let host: Promise<ToastHost> | null = null;

/** Starts loading the toast library and mounts its container. */
export function loadToasts(): Promise<ToastHost> {
  host ??= import('./toast-host').catch((error: unknown) => {
    host = null;
    throw error;
  });
  return host;
}

/** Shows a toast; resolves once it is queued. */
export async function notify(kind: ToastKind, message: string, placement: ToastPlacement = {}): Promise<void> {
  try {
    (await loadToasts()).showToast(kind, message, placement);
  } catch (error) {
    // The message cannot be shown (the chunk failed to load): the form still works.
    console.warn(`Toast not shown (${message}):`, error);
  }
}
