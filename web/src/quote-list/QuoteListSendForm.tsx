import type { FormEvent } from 'react';
import { useLayoutData } from '../content/hooks';
import { ContactNumberField, EmailField, MessageField, NameField } from '../forms/fields/ContactDetailFields';
import { FormField } from '../forms/fields/FormField';
import { Honeypot, isHoneypotFilled } from '../forms/fields/Honeypot';
import { SubmitButton } from '../forms/fields/SubmitButton';
import { useValidatedForm } from '../forms/fields/use-validated-form';
import { preloadFormLibraries } from '../forms/preload';
import { QUOTE_TOASTS } from '../forms/quote/QuoteForm';
import { useSubmission } from '../forms/submission/use-submission';
import { notify } from '../forms/toast/notify';
import { QUOTE_FIELDS, validateQuote, type FieldErrors } from '../forms/validation';
import { asText, useOutboxSend } from '../forms/outbox/use-outbox-send';
import { quoteListParams, type QuoteListValues } from './quote-list-message';
import type { QuoteItem } from './quote-list-store';

const EMPTY: QuoteListValues = { name: '', contact: '', email: '', organisation: '', message: '' };
const ORDER: readonly (keyof QuoteListValues)[] = [...QUOTE_FIELDS, 'organisation'];

/** The quote modal's rules; the organisation is optional. */
const validate = (values: QuoteListValues): FieldErrors<keyof QuoteListValues> => validateQuote(values);

type QuoteListSendFormProps = {
  /** The items that are sent: the published ones, with valid quantities. */
  items: readonly QuoteItem[];
  /** Whether every quantity is valid (else nothing is sent and the fields say why). */
  quantitiesValid: boolean;
  onSent: () => void;
  /** The message typed so far, for the WhatsApp link. */
  onMessageChange: (message: string) => void;
};

/** Sends the list with the visitor's details as one e-mail through the quote template. */
export function QuoteListSendForm({ items, quantitiesValid, onSent, onMessageChange }: QuoteListSendFormProps) {
  const { email: settings } = useLayoutData();
  const form = useValidatedForm({ empty: EMPTY, validate, order: ORDER });
  const { values } = form;
  const { submitting, run } = useSubmission();
  const outbox = useOutboxSend();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !quantitiesValid || items.length === 0) return;
    if (isHoneypotFilled(event.currentTarget)) {
      void notify('success', QUOTE_TOASTS.success);
      return;
    }
    if (!form.check(event.currentTarget)) return;
    const params = quoteListParams(values, items);
    const text = asText([
      ['Name', params.name],
      ['Contact Number', params.contact],
      ['Email', params.email],
      ['Organisation', params.organisation],
      ['Message', params.message],
      ['Items', `${params.item_count}\n${params.items}`],
    ]);
    const ok = await run(() =>
      outbox.send({ form: 'quote-list', templateId: settings.templates.quote, params, subject: 'Quote request', text }),
    );
    if (ok === null) return;
    if (ok) {
      void notify('success', QUOTE_TOASTS.success);
      form.reset();
      onMessageChange('');
      onSent();
    } else {
      await notify('error', QUOTE_TOASTS.failure);
    }
  }

  const message = form.field('message', 'quote-list-message');
  return (
    <form noValidate aria-labelledby="quote-list-send-heading" onSubmit={onSubmit} onFocus={preloadFormLibraries}>
      <h2 id="quote-list-send-heading">Request a quote for this list</h2>
      <NameField {...form.field('name', 'quote-list-name')} />
      <ContactNumberField {...form.field('contact', 'quote-list-contact')} />
      <EmailField {...form.field('email', 'quote-list-email')} />
      <FormField
        {...form.field('organisation', 'quote-list-organisation')}
        label="Organisation (optional)"
        autoComplete="organization"
      />
      <MessageField
        {...message}
        onChange={(value) => {
          message.onChange(value);
          onMessageChange(value);
        }}
      />
      <Honeypot />
      <SubmitButton submitting={submitting} label="Send quote request" busyLabel="Sending" disabled={!quantitiesValid} />
      {outbox.notice}
    </form>
  );
}
