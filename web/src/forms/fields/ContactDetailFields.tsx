// The fields every form asks for (name, e-mail, phone or contact number, message), each
// written once: its label, input type, autofill and required mark. A form passes what
// `useValidatedForm().field()` gives (id, name, value, onChange, error).
import { FormField, type FormFieldProps } from './FormField';

type ContactDetailFieldProps = Omit<FormFieldProps, 'label' | 'type' | 'multiline' | 'autoComplete' | 'placeholder'>;

export function NameField(props: ContactDetailFieldProps) {
  return <FormField label="Name" autoComplete="name" required {...props} />;
}

export function EmailField(props: ContactDetailFieldProps) {
  return <FormField label="Email" type="email" autoComplete="email" required {...props} />;
}

/** The contact and job forms' phone number, in the ###-###-#### format their rule asks for. */
export function PhoneField(props: ContactDetailFieldProps) {
  return <FormField label="Phone" type="tel" autoComplete="tel" placeholder="###-###-####" required {...props} />;
}

/** The quote and enquiry forms' contact number (their rules differ: each form says its type). */
export function ContactNumberField({ type = 'tel', ...props }: ContactDetailFieldProps & Pick<FormFieldProps, 'type'>) {
  return <FormField label="Contact Number" type={type} autoComplete="tel" required {...props} />;
}

export function MessageField(props: ContactDetailFieldProps) {
  return <FormField label="Message" multiline required {...props} />;
}
