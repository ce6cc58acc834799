import type { FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { ContactNumberField, EmailField, MessageField, NameField } from '../fields/ContactDetailFields';
import { Honeypot, isHoneypotFilled } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { useValidatedForm } from '../fields/use-validated-form';
import { preloadFormLibraries } from '../preload';
import { useSubmission } from '../submission/use-submission';
import { notify } from '../toast/notify';
import { asText, useOutboxSend } from '../outbox/use-outbox-send';
import { QUOTE_FIELDS, validateQuote, type QuoteValues } from '../validation';

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
  const form = useValidatedForm({ empty: EMPTY, validate: validateQuote, order: QUOTE_FIELDS });
  const { values } = form;
  const { submitting, run } = useSubmission();
  const outbox = useOutboxSend();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (isHoneypotFilled(event.currentTarget)) {
      void notify('success', QUOTE_TOASTS.success);
      onSent();
      return;
    }
    if (!form.check(event.currentTarget)) return;
    const params = {
      name: values.name.trim(),
      contact: values.contact.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
    };
    onSubmittingChange?.(true);
    const text = asText([
      ['Name', params.name],
      ['Contact Number', params.contact],
      ['Email', params.email],
      ['Message', params.message],
    ]);
    const ok = await run(() =>
      outbox.send({ form: 'quote', templateId: settings.templates.quote, params, subject: 'Quote request', text }),
    );
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
      <NameField {...form.field('name', 'name')} />
      {/* The spec's quote form has a text input here. */}
      <ContactNumberField {...form.field('contact', 'contact')} type="text" />
      <EmailField {...form.field('email', 'email')} />
      <MessageField {...form.field('message', 'message')} />
      <Honeypot />
      <SubmitButton submitting={submitting} label="Submit" busyLabel="Sending" />
      {outbox.notice}
    </form>
  );
}
