import { X } from '../icons/frame-icons';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import './modal.css';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dialog element's id (e.g. the quote modal's `getaquote`). */
  id?: string;
  closeLabel?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapFocus(event: KeyboardEvent, dialog: HTMLElement): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog: keeps focus inside while open (Tab cycles), closes on Escape, on an overlay click and with its close button;
 * focus moves into it on open and back to where it was on close.
 */
export function Modal({ title, onClose, children, id, closeLabel = 'Close' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onDocumentKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    if (event.key === 'Tab' && dialogRef.current) trapFocus(event, dialogRef.current);
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const firstField =
      dialog?.querySelector<HTMLElement>('input, textarea, select') ?? dialog?.querySelector<HTMLElement>('button');
    (firstField ?? dialog)?.focus();
    const onKeyDown = (event: KeyboardEvent) => onDocumentKeyDown(event);
    document.addEventListener('keydown', onKeyDown);
    document.body.classList.add('has-modal');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('has-modal');
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <div
      className="modal-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} id={id} ref={dialogRef} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label={closeLabel}>
            <X size={22} aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
