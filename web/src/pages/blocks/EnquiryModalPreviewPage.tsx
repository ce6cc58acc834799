import { EnquiryForm } from '../../forms/enquiry/EnquiryForm';
import { useEnquiryForm, type EnquiryProduct } from '../../forms/enquiry/use-enquiry-form';
import '../../components/modal/modal.css';
import './blocks.css';

/** The preview has no product card behind it. */
const PREVIEW_PRODUCT: EnquiryProduct = { title: 'Product Information', categoryName: null };

function noop() {}

/** `/ProductFormModal`: the product enquiry modal, shown open on its own page (it works, but has nothing to close). */
export default function EnquiryModalPreviewPage() {
  const form = useEnquiryForm(PREVIEW_PRODUCT, noop);
  return (
    <div className="container section block-preview">
      <div className="modal modal-content" role="region" aria-labelledby="enquiry-preview-title">
        <div className="modal-header">
          <h1 id="enquiry-preview-title">Product Information</h1>
        </div>
        <EnquiryForm form={form} onClose={noop} actionsClassName="block-preview-actions" />
      </div>
    </div>
  );
}
