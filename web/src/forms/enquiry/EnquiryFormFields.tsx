import { useId } from 'react';
import { ContactNumberField, EmailField, MessageField, NameField } from '../fields/ContactDetailFields';
import type { EnquiryField, EnquiryValues } from '../validation';

type EnquiryFormFieldsProps = {
  values: EnquiryValues;
  onChange: (field: EnquiryField, value: string) => void;
  /** The fields the form's message is about: marked invalid and described by it. */
  invalid: readonly EnquiryField[];
  /** The id of the form's message. */
  messageId: string;
};

/**
 * The product enquiry form's four fields (spec §2 "Product enquiry modal"), shared by the
 * enquiry modal and the `/ProductFormModal` preview.
 */
export function EnquiryFormFields({ values, onChange, invalid, messageId }: EnquiryFormFieldsProps) {
  const id = useId();
  const field = (name: EnquiryField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (value: string) => onChange(name, value),
    invalid: invalid.includes(name),
    describedBy: invalid.includes(name) ? messageId : undefined,
  });
  return (
    <>
      <NameField {...field('from_name')} />
      <EmailField {...field('from_email')} />
      <ContactNumberField {...field('contact_number')} inputMode="numeric" />
      <MessageField {...field('message')} />
    </>
  );
}
