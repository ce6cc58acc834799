import { useState, type FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { sendEmail } from '../email/email-client';
import { FormField } from '../fields/FormField';
import { Honeypot, isHoneypotFilled } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { focusField, preloadFormLibraries } from '../preload';
import { useSubmission } from '../submission/use-submission';
import { notify } from '../toast/notify';
import {
  firstInvalidField,
  hasErrors,
  MESSAGES,
  QUOTE_FIELDS,
  validateQuote,
  withoutError,
  type FieldErrors,
  type QuoteField,
  type QuoteValues,
} from '../validation';

const EMPTY: QuoteValues = { name: '', contact: '', email: '', message: '' };

/** The spec shows no quote messages: the contact form's (top right, the default). */
export const QUOTE_TOASTS = {
  success: 'Email sent successfully!',
  failure: 'Failed to send email.',
} as const;

type QuoteFormProps = {
  /** Called after a successful send (the modal closes). */
  onSent: () => void;
  /** Told when submitting starts and ends (the modal does not close meanwhile). */
  onSubmittingChange?: (submitting: boolean) => void;
};

/** "Get Best Quote": name, contact, email, message, all required; sent through the quote template. */
export function QuoteForm({ onSent, onSubmittingChange }: QuoteFormProps) {
  const { email: settings } = useLayoutData();
  const [values, setValues] = useState<QuoteValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<QuoteField>>({});
  const { submitting, run } = useSubmission();

  const change = (field: QuoteField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (submitting) return;
    if (isHoneypotFilled(form)) {
      void notify('success', QUOTE_TOASTS.success);
      onSent();
      return;
    }
    const found = validateQuote(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = firstInvalidField(found, QUOTE_FIELDS);
      if (first) focusField(form, first);
      void notify('error', MESSAGES.fixErrors);
      return;
    }
    const params = {
      name: values.name.trim(),
      contact: values.contact.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    onSubmittingChange?.(true);
    const ok = await run(async () => (await sendEmail(settings, settings.templates.quote, params)).ok);
    onSubmittingChange?.(false);
    if (ok === null) return;
    if (ok) {
      void notify('success', QUOTE_TOASTS.success);
      onSent();
    } else {
      await notify('error', QUOTE_TOASTS.failure);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={preloadFormLibraries}>
      <FormField
        id="name"
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
        error={errors.name}
        required
      />
      <FormField
        id="contact"
        name="contact"
        label="Contact Number"
        autoComplete="tel"
        value={values.contact}
        onChange={change('contact')}
        error={errors.contact}
        required
      />
      <FormField
        id="email"
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
        id="message"
        name="message"
        label="Message"
        multiline
        value={values.message}
        onChange={change('message')}
        error={errors.message}
        required
      />
      <Honeypot />
      <SubmitButton submitting={submitting} label="Submit" busyLabel="Sending" />
    </form>
  );
}
