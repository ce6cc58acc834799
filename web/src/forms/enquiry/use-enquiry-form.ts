import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { isHoneypotFilled } from '../fields/Honeypot';
import { ENQUIRY_CLOSE_DELAY_MS, ENQUIRY_TOAST_MS } from '../limits';
import { focusField } from '../preload';
import { useSubmission } from '../submission/use-submission';
import { notify, type ToastPlacement } from '../toast/notify';
import { asText, useOutboxSend } from '../outbox/use-outbox-send';
import { validateEnquiry, type EnquiryError, type EnquiryField, type EnquiryValues } from '../validation';

/** The product an enquiry is about (spec point 3 "Product enquiry"). */
export type EnquiryProduct = { title: string; categoryName: string | null };

const EMPTY: EnquiryValues = { from_name: '', from_email: '', contact_number: '', message: '' };

/** The enquiry toasts: top right (the default), 3 s. */
const PLACEMENT: ToastPlacement = { autoClose: ENQUIRY_TOAST_MS };

export const ENQUIRY_TOASTS = {
  success: 'Your information has been submitted successfully!',
  failure: 'Failed to submit. Please try again.',
} as const;

/** What the enquiry e-mail carries (spec point 7). */
export function enquiryParams(values: EnquiryValues, product: EnquiryProduct): Record<string, string> {
  return {
    from_name: values.from_name.trim(),
    from_email: values.from_email.trim(),
    contact_number: values.contact_number.trim(),
    product_title: product.title,
    product_category: product.categoryName ?? 'Not specified',
    message: values.message.trim(),
  };
}

/**
 * The enquiry form's state: validation, sending through the enquiry template, and the
 * close `ENQUIRY_CLOSE_DELAY_MS` after a success. `closable` is false while submitting.
 */
export function useEnquiryForm(product: EnquiryProduct, onClose: () => void) {
  const { email: settings } = useLayoutData();
  const [values, setValues] = useState<EnquiryValues>(EMPTY);
  const [error, setError] = useState<EnquiryError | null>(null);
  const { status, submitting, run, reset } = useSubmission();
  const outbox = useOutboxSend();

  const closeAfterSuccess = useEffectEvent(() => {
    onClose();
    reset();
  });
  useEffect(() => {
    if (status !== 'succeeded') return;
    const timer = setTimeout(closeAfterSuccess, ENQUIRY_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  function change(field: EnquiryField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setError((current) => (current?.fields.includes(field) ? null : current));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (status === 'submitting' || status === 'succeeded') return;
    if (isHoneypotFilled(form)) {
      setValues(EMPTY);
      await run(async () => true);
      void notify('success', ENQUIRY_TOASTS.success, PLACEMENT);
      return;
    }
    const found = validateEnquiry(values);
    setError(found);
    if (found) {
      const first = found.fields[0];
      if (first) focusField(form, first);
      return;
    }
    const params = enquiryParams(values, product);
    const text = asText([
      ['Product', `${product.title} (${product.categoryName ?? 'Not specified'})`],
      ['Name', values.from_name.trim()],
      ['Email', values.from_email.trim()],
      ['Contact Number', values.contact_number.trim()],
      ['Message', values.message.trim()],
    ]);
    const subject = `Enquiry: ${product.title}`;
    const ok = await run(() => outbox.send({ form: 'enquiry', templateId: settings.templates.enquiry, params, subject, text }));
    if (ok === null) return;
    if (ok) {
      setValues(EMPTY);
      await notify('success', ENQUIRY_TOASTS.success, PLACEMENT);
    } else {
      await notify('error', ENQUIRY_TOASTS.failure, PLACEMENT);
    }
  }

  return {
    values,
    error,
    status,
    submitting,
    closable: !submitting,
    notice: outbox.notice,
    change,
    submit,
  };
}
