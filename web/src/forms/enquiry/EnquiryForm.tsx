import { useId } from 'react';
import { EnquiryFormFields } from './EnquiryFormFields';
import { Honeypot } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { preloadFormLibraries } from '../preload';
import type { useEnquiryForm } from './use-enquiry-form';

type EnquiryFormProps = {
  form: ReturnType<typeof useEnquiryForm>;
  onClose: () => void;
  actionsClassName?: string;
};

/** The enquiry form's markup: the fields, the form's one message, Submit and Close. */
export function EnquiryForm({ form, onClose, actionsClassName = 'enquiry-actions' }: EnquiryFormProps) {
  const messageId = useId();
  return (
    <form noValidate onSubmit={form.submit} onFocus={preloadFormLibraries}>
      <EnquiryFormFields
        values={form.values}
        onChange={form.change}
        invalid={form.error?.fields ?? []}
        messageId={messageId}
      />
      <Honeypot />
      <div id={messageId} role="alert">
        {form.error && <p className="form-alert">{form.error.message}</p>}
      </div>
      <div className={actionsClassName}>
        <SubmitButton
          submitting={form.submitting}
          disabled={form.status === 'succeeded'}
          label="Submit"
          busyLabel="Submitting"
          spinner={false}
        />
        <button type="button" className="button button-outline" onClick={onClose} disabled={form.submitting}>
          Close
        </button>
      </div>
      {form.notice}
    </form>
  );
}
