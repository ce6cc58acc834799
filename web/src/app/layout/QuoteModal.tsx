import { Modal } from '../../components/modal/Modal';

/**
 * "Get Best Quote" (spec §2 Navigation bar): four required fields with the ids the
 * spec names. Sending it is a later issue; submitting closes the dialog.
 */
export function QuoteModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Get Best Quote" id="getaquote" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        <div className="form-field">
          <label htmlFor="name">Name</label>
          <input id="name" name="name" type="text" required autoComplete="name" />
        </div>
        <div className="form-field">
          <label htmlFor="contact">Contact Number</label>
          <input id="contact" name="contact" type="text" required autoComplete="tel" />
        </div>
        <div className="form-field">
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" required autoComplete="email" />
        </div>
        <div className="form-field">
          <label htmlFor="message">Message</label>
          <textarea id="message" name="message" required rows={4} />
        </div>
        <button type="submit" className="button button-primary">
          Submit
        </button>
      </form>
    </Modal>
  );
}
