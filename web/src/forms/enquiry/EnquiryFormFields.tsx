import { useId } from 'react';
import { FormField } from '../fields/FormField';
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
    required: true,
  });
  return (
    <>
      <FormField {...field('from_name')} label="Name" autoComplete="name" />
      <FormField {...field('from_email')} label="Email" type="email" autoComplete="email" />
      <FormField {...field('contact_number')} label="Contact Number" type="tel" inputMode="numeric" autoComplete="tel" />
      <FormField {...field('message')} label="Message" multiline />
    </>
  );
}
