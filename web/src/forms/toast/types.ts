// What notify.ts and its lazily loaded toast-host.tsx share, so neither imports the other's types.
import type { ToastPosition } from 'react-toastify/unstyled';

export type ToastKind = 'success' | 'error';

/** Where and how long: the library's defaults (top right, 5 s) unless a form says otherwise. */
export type ToastPlacement = { position?: ToastPosition; autoClose?: number };

/** What toast-host.tsx exports once loaded. */
export interface ToastHost {
  showToast(kind: ToastKind, message: string, placement: ToastPlacement): void;
}
