import { EnquiryFormFields } from '../../components/enquiry-form/EnquiryFormFields';
import '../../components/modal/modal.css';
import './blocks.css';

/** `/ProductFormModal`: the product enquiry modal, shown open and static. */
export default function EnquiryModalPreviewPage() {
  return (
    <div className="container section block-preview">
      <div className="modal" role="region" aria-labelledby="enquiry-preview-title">
        <div className="modal-header">
          <h1 id="enquiry-preview-title">Product Information</h1>
        </div>
        <form onSubmit={(event) => event.preventDefault()}>
          <EnquiryFormFields />
          <div className="block-preview-actions">
            <button type="submit" className="button button-primary">
              Submit
            </button>
            <button type="button" className="button button-outline">
              Close
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
