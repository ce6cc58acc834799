import type { FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { EmailField, MessageField, NameField, PhoneField } from '../fields/ContactDetailFields';
import { Honeypot, isHoneypotFilled } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { useValidatedForm } from '../fields/use-validated-form';
import { preloadFormLibraries } from '../preload';
import { useSubmission } from '../submission/use-submission';
import { notify, type ToastPlacement } from '../toast/notify';
import { asText, useOutboxSend } from '../outbox/use-outbox-send';
import { CONTACT_FIELDS, validateContactForm, type ContactValues } from '../validation';

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
  const form = useValidatedForm({ empty: EMPTY, validate: validateContactForm, order: CONTACT_FIELDS, placement: PLACEMENT });
  const { values } = form;
  const { submitting, run } = useSubmission();
  const outbox = useOutboxSend();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (isHoneypotFilled(event.currentTarget)) {
      form.reset();
      void notify('success', CONTACT_TOASTS.success, PLACEMENT);
      return;
    }
    if (!form.check(event.currentTarget)) return;
    const params = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      message: values.message.trim(),
    };
    const text = asText([
      ['Name', params.name],
      ['Email', params.email],
      ['Phone', params.phone],
      ['Message', params.message],
    ]);
    const ok = await run(() =>
      outbox.send({ form: 'contact', templateId: settings.templates.contact, params, subject: 'Contact message', text }),
    );
    if (ok === null) return;
    if (ok) {
      form.reset();
      await notify('success', CONTACT_TOASTS.success, PLACEMENT);
    } else {
      await notify('error', CONTACT_TOASTS.failure, PLACEMENT);
    }
  }

  return (
    <form className="form-card" noValidate onSubmit={onSubmit} onFocus={preloadFormLibraries} aria-label="Contact Us">
      <NameField {...form.field('name', 'contact-name')} />
      <EmailField {...form.field('email', 'contact-email')} />
      <PhoneField {...form.field('phone', 'contact-phone')} />
      <MessageField {...form.field('message', 'contact-message')} />
      <Honeypot />
      <SubmitButton submitting={submitting} label="Send Message" busyLabel="Sending" />
      {outbox.notice}
    </form>
  );
}
