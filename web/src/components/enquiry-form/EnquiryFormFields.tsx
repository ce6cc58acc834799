import { useId } from 'react';

/**
 * The product enquiry form's four fields (spec §2 "Product enquiry modal"). Sending
 * it is a later issue; this is its markup, shared by the products page and the
 * `/ProductFormModal` preview.
 */
export function EnquiryFormFields() {
  const id = useId();
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} name="from_name" type="text" autoComplete="name" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} name="from_email" type="email" autoComplete="email" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-contact`}>Contact Number</label>
        <input id={`${id}-contact`} name="contact_number" type="tel" inputMode="numeric" autoComplete="tel" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea id={`${id}-message`} name="message" rows={4} />
      </div>
    </>
  );
}
