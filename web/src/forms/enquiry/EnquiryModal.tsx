import { Modal } from '../../components/modal/Modal';
import { EnquiryForm } from './EnquiryForm';
import { useEnquiryForm, type EnquiryProduct } from './use-enquiry-form';

export type { EnquiryProduct };

type EnquiryModalProps = {
  product: EnquiryProduct;
  onClose: () => void;
};

/**
 * The Product Information (enquiry) modal: four fields, Submit and Close. Opened from
 * a product card or a product page; the caller renders it while it is open. It does
 * not close while submitting, and closes by itself 3.5 s after a success.
 */
export function EnquiryModal({ product, onClose }: EnquiryModalProps) {
  const form = useEnquiryForm(product, onClose);
  const close = () => {
    if (form.closable) onClose();
  };
  return (
    <Modal title="Product Information" onClose={close} closeLabel="Close product information">
      <p className="enquiry-product">{product.title}</p>
      <EnquiryForm form={form} onClose={close} />
    </Modal>
  );
}
