import { EnquiryFormFields } from '../../components/enquiry-form/EnquiryFormFields';
import { Modal } from '../../components/modal/Modal';

/** The product an enquiry is about (spec point 3 "Product enquiry"). */
export type EnquiryProduct = { title: string; categoryName: string | null };

type EnquiryModalProps = {
  product: EnquiryProduct;
  onClose: () => void;
};

/**
 * The Product Information (enquiry) modal: four fields, Submit and Close. Opened from
 * a product card or a product page; the caller renders it while it is open.
 */
export function EnquiryModal({ product, onClose }: EnquiryModalProps) {
  return (
    <Modal title="Product Information" onClose={onClose}>
      <p className="enquiry-product">{product.title}</p>
      <form onSubmit={(event) => event.preventDefault()}>
        <EnquiryFormFields />
        <div className="enquiry-actions">
          <button type="submit" className="button button-primary">
            Submit
          </button>
          <button type="button" className="button button-outline" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}
