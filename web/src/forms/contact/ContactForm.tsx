import { useState, type FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { sendEmail } from '../email/email-client';
import { FormField } from '../fields/FormField';
import { Honeypot, isHoneypotFilled } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { focusField, preloadFormLibraries } from '../preload';
import { useSubmission } from '../submission/use-submission';
import { notify, type ToastPlacement } from '../toast/notify';
import {
  CONTACT_FIELDS,
  firstInvalidField,
  hasErrors,
  MESSAGES,
  validateContactForm,
  withoutError,
  type ContactField,
  type ContactValues,
  type FieldErrors,
} from '../validation';

const EMPTY: ContactValues = { name: '', email: '', phone: '', message: '' };

/** The contact form's toasts sit at the top centre (spec point 9). */
const PLACEMENT: ToastPlacement = { position: 'top-center' };

export const CONTACT_TOASTS = {
  success: 'Email sent successfully!',
  failure: 'Failed to send email.',
} as const;

/** The Contact Us form: validated on submit, sent through the contact template. */
export function ContactForm() {
  const { email: settings } = useLayoutData();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const { submitting, run } = useSubmission();

  const change = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears when that field is edited.
    setErrors((current) => withoutError(current, field));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (submitting) return;
    if (isHoneypotFilled(form)) {
      setValues(EMPTY);
      void notify('success', CONTACT_TOASTS.success, PLACEMENT);
      return;
    }
    const found = validateContactForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = firstInvalidField(found, CONTACT_FIELDS);
      if (first) focusField(form, first);
      void notify('error', MESSAGES.fixErrors, PLACEMENT);
      return;
    }
    const params = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      message: values.message.trim(),
    };
    const ok = await run(async () => {
      const result = await sendEmail(settings, settings.templates.contact, params);
      return result.ok;
    });
    if (ok === null) return;
    if (ok) {
      setValues(EMPTY);
      await notify('success', CONTACT_TOASTS.success, PLACEMENT);
    } else {
      await notify('error', CONTACT_TOASTS.failure, PLACEMENT);
    }
  }

  return (
    <form className="form-card" noValidate onSubmit={onSubmit} onFocus={preloadFormLibraries} aria-label="Contact Us">
      <FormField
        id="contact-name"
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
        error={errors.name}
        required
      />
      <FormField
        id="contact-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
        required
      />
      <FormField
        id="contact-phone"
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="###-###-####"
        value={values.phone}
        onChange={change('phone')}
        error={errors.phone}
        required
      />
      <FormField
        id="contact-message"
        name="message"
        label="Message"
        multiline
        value={values.message}
        onChange={change('message')}
        error={errors.message}
        required
      />
      <Honeypot />
      <SubmitButton submitting={submitting} label="Send Message" busyLabel="Sending" />
    </form>
  );
}
