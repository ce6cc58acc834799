import { X } from '../icons/frame-icons';
import { useId, useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { MODAL_CLOSING_EVENT } from './modal-closing';
import './modal.css';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dialog element's id (e.g. the quote modal's `getaquote`). */
  id?: string;
  closeLabel?: string;
};

/**
 * A modal dialog on `<dialog>` and `showModal()`: the browser keeps the focus inside and
 * makes the page behind inert, Escape and a click on the backdrop ask to close (the caller
 * decides, e.g. not while sending), and focus goes back where it was once it closes. The
 * caller renders it while it is open; focus starts on the first field.
 */
export function Modal({ title, onClose, children, id, closeLabel = 'Close' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A layout effect: its cleanup runs while the dialog is still in the page, so closing
  // it natively hands the focus back.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('input, textarea, select')?.focus();
    return () => {
      dialog.dispatchEvent(new Event(MODAL_CLOSING_EVENT));
      dialog.close();
    };
  }, []);

  const askToClose = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      id={id}
      aria-labelledby={titleId}
      onCancel={askToClose}
      onClose={(event) => {
        // Chrome closes a dialog on a second Escape without a click or key between, even
        // when its cancel was refused: ask the caller, and open it again if it stays. (A
        // close of our own has left the page, or was followed by a new showModal.)
        const dialog = event.currentTarget;
        if (!dialog.isConnected || dialog.open) return;
        onClose();
        setTimeout(() => {
          if (dialog.isConnected && !dialog.open) dialog.showModal();
        });
      }}
      onClick={(event) => {
        // The content fills the dialog: a click on the dialog itself is on its backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label={closeLabel}>
            <X size={22} aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
