// The lazily loaded half of notify.ts: react-toastify, its CSS and the one container.
import { createRoot } from 'react-dom/client';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import type { ToastHost, ToastKind, ToastPlacement } from './types';

const HOST_ID = 'toast-root';

function mountContainer(): void {
  if (document.getElementById(HOST_ID)) return;
  const element = document.createElement('div');
  element.id = HOST_ID;
  document.body.append(element);
  // The library's defaults: top right, 5 s, drag 80 % to dismiss, Alt+T focuses the toasts.
  createRoot(element).render(<ToastContainer />);
}

mountContainer();

/** Shows a toast in the container (queued by the library until the container has mounted). */
export const showToast: ToastHost['showToast'] = (kind: ToastKind, message: string, placement: ToastPlacement) => {
  toast(message, { type: kind, ...placement });
};
