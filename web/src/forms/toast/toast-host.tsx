// The lazily loaded half of notify.ts: react-toastify, its CSS and the one container.
import { createRoot } from 'react-dom/client';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { MODAL_CLOSING_EVENT, openModalDialog } from '../../components/modal/modal-closing';
import type { ToastHost, ToastKind, ToastPlacement } from './types';

const HOST_ID = 'toast-root';

function mountContainer(): HTMLElement {
  const existing = document.getElementById(HOST_ID);
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = HOST_ID;
  document.body.append(element);
  // The library's defaults: top right, 5 s, drag 80 % to dismiss, Alt+T focuses the toasts.
  createRoot(element).render(<ToastContainer />);
  return element;
}

const container = mountContainer();

/**
 * Puts the container inside the open modal dialog, if any: the rest of the page is inert
 * and under the backdrop, where a toast would be neither seen clearly, clicked nor
 * announced. It moves back to the body as the dialog closes, so the toast outlives it.
 */
function keepAboveOpenModal(): void {
  const dialog = openModalDialog();
  if (!dialog || container.parentElement === dialog) return;
  dialog.append(container);
  dialog.addEventListener(MODAL_CLOSING_EVENT, () => moveKeepingAnimations(container, document.body), { once: true });
}

type ParentWithMoveBefore = ParentNode & { moveBefore?: (node: Node, child: Node | null) => void };

/**
 * Moves the container to the end of `parent` without restarting its CSS animations. A toast
 * closes when its progress bar's animation ends: moved by a plain `append`, the bar would
 * start over, and a toast still showing as the modal closes would stay another full 3 s.
 * `moveBefore` keeps an element's state; where it is missing, the animations' times are put back.
 */
function moveKeepingAnimations(element: HTMLElement, parent: ParentWithMoveBefore): void {
  if (parent.moveBefore) {
    parent.moveBefore(element, null);
    return;
  }
  // Without the Web Animations API (a test's DOM) there is nothing to put back.
  const animations = typeof element.getAnimations === 'function' ? element.getAnimations({ subtree: true }) : [];
  const running = animations.flatMap((animation) =>
    animation instanceof CSSAnimation && animation.effect instanceof KeyframeEffect && animation.effect.target
      ? [{ target: animation.effect.target, name: animation.animationName, time: animation.currentTime }]
      : [],
  );
  parent.append(element);
  for (const { target, name, time } of running) {
    const restarted = target.getAnimations().find((animation) => animation instanceof CSSAnimation && animation.animationName === name);
    if (restarted) restarted.currentTime = time;
  }
}

/** Shows a toast in the container (queued by the library until the container has mounted). */
export const showToast: ToastHost['showToast'] = (kind: ToastKind, message: string, placement: ToastPlacement) => {
  keepAboveOpenModal();
  toast(message, { type: kind, ...placement });
};
