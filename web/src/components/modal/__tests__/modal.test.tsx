import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../Modal';
import { MODAL_CLOSING_EVENT } from '../modal-closing';

function renderModal(onClose = vi.fn()) {
  const view = render(
    <Modal title="Get Best Quote" id="getaquote" onClose={onClose}>
      <label htmlFor="name">Name</label>
      <input id="name" />
    </Modal>,
  );
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Get Best Quote' }) as HTMLDialogElement };
}

afterEach(cleanup);

describe('Modal', () => {
  it('opens as a <dialog> with its id and title, the focus on its first field', () => {
    const { dialog } = renderModal();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(dialog.id).toBe('getaquote');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it("asks to close on Escape (the dialog's cancel), which it refuses to the browser", () => {
    const { dialog, onClose } = renderModal();
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
  });

  it('asks to close on a click on the backdrop and on the close button, not inside', () => {
    const { dialog, onClose } = renderModal();
    fireEvent.click(screen.getByLabelText('Name'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('opens again when the browser closed it by itself and the caller keeps it (e.g. while sending)', async () => {
    const { dialog, onClose } = renderModal();
    vi.useFakeTimers();
    try {
      // A second Escape without a click or key between: Chrome closes it, refused or not.
      dialog.open = false;
      fireEvent(dialog, new Event('close'));
      expect(onClose).toHaveBeenCalledTimes(1);
      await vi.runAllTimersAsync();
      expect(dialog.open).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells what moved into it, then closes, when it leaves the page', () => {
    const { dialog, unmount } = renderModal();
    const closing = vi.fn(() => expect(dialog.open).toBe(true));
    dialog.addEventListener(MODAL_CLOSING_EVENT, closing);
    unmount();
    expect(closing).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
  });
});
