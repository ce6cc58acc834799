import { useRef } from 'react';
import { Modal } from '../../components/modal/Modal';
import { QuoteForm } from '../../forms/quote/QuoteForm';

/**
 * "Get Best Quote" (spec §2 Navigation bar): four required fields with the ids the
 * spec names, sent through the quote template; closes after a successful send, and
 * not while sending.
 */
export function QuoteModal({ onClose, message }: { onClose: () => void; message?: string }) {
  const submitting = useRef(false);
  const close = () => {
    if (!submitting.current) onClose();
  };
  return (
    <Modal title="Get Best Quote" id="getaquote" onClose={close}>
      <QuoteForm
        initialMessage={message}
        onSent={onClose}
        onSubmittingChange={(value) => {
          submitting.current = value;
        }}
      />
    </Modal>
  );
}
