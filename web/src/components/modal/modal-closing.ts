// Kept apart from Modal.tsx so what listens for it (the toast host) loads no modal code.

/**
 * Fired on a modal's <dialog> just before it closes and leaves the page: anything that
 * moved itself into the dialog to stay usable above the page moves back out now.
 */
export const MODAL_CLOSING_EVENT = 'modal-closing';

/** The open modal dialog, if any: the only part of the page that is not inert. */
export function openModalDialog(): HTMLDialogElement | null {
  return document.querySelector<HTMLDialogElement>('dialog:modal');
}
