import type { ChangeEvent, FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { sendEmailForm } from '../email/email-client';
import { EmailField, NameField, PhoneField } from '../fields/ContactDetailFields';
import { Honeypot, isHoneypotFilled } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { useValidatedForm } from '../fields/use-validated-form';
import { JOB_SIMULATED_SUBMIT_MS } from '../limits';
import { preloadFormLibraries } from '../preload';
import { useSubmission, wait } from '../submission/use-submission';
import { notify, type ToastPlacement } from '../toast/notify';
import { asText, useOutboxSend } from '../outbox/use-outbox-send';
import {
  JOB_APPLICATION_FIELDS,
  RESUME_ACCEPT,
  validateJobApplication,
  type JobApplicationValues,
} from '../validation';

const EMPTY: JobApplicationValues = { name: '', email: '', phone: '', resume: null };

/** The job form's toasts sit at the top centre (spec point 9). */
const PLACEMENT: ToastPlacement = { position: 'top-center' };

export const JOB_TOASTS = {
  success: 'Your job application has been submitted successfully!',
  failure: 'Failed to submit. Please try again.',
} as const;

/** Sent in place of the file when a kept application is sent later: files are not kept. */
export const RESUME_NOTE = 'Not attached: the applicant was asked to send the resume again by e-mail.';

/**
 * The job application form. Without a job template in content the submit is simulated
 * (1.5 s, nothing sent, as the spec has it); with one, the fields and the resume are
 * sent as a form, through the outbox: it keeps the text fields only, so a later send
 * goes without the resume and the notice asks for it again.
 */
export function JobApplicationForm() {
  const { email: settings } = useLayoutData();
  const form = useValidatedForm({
    empty: EMPTY,
    validate: validateJobApplication,
    order: JOB_APPLICATION_FIELDS,
    placement: PLACEMENT,
  });
  const { errors } = form;
  const { submitting, run } = useSubmission();
  const outbox = useOutboxSend();
  const { values } = form;
  const resumeErrorId = 'job-resume-error';

  function changeResume(event: ChangeEvent<HTMLInputElement>) {
    form.change('resume', event.target.files?.[0] ?? null);
  }

  /** Empties the form, the chosen file included (the file input keeps it otherwise). */
  function clear(element: HTMLFormElement) {
    element.reset();
    form.reset();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (submitting) return;
    if (isHoneypotFilled(element)) {
      clear(element);
      void notify('success', JOB_TOASTS.success, PLACEMENT);
      return;
    }
    if (!form.check(element)) return;
    const template = settings.templates.job;
    const params = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      resume_note: RESUME_NOTE,
    };
    const text = asText([
      ['Name', params.name],
      ['Email', params.email],
      ['Phone', params.phone],
    ]);
    const ok = await run(async () => {
      if (!template) {
        await wait(JOB_SIMULATED_SUBMIT_MS);
        return true;
      }
      return outbox.send({ form: 'job', templateId: template, params, subject: 'Job application', text }, () =>
        sendEmailForm(settings, template, element),
      );
    });
    if (ok === null) return;
    if (ok) {
      clear(element);
      await notify('success', JOB_TOASTS.success, PLACEMENT);
    } else {
      await notify('error', JOB_TOASTS.failure, PLACEMENT);
    }
  }

  return (
    <form
      className="form-card"
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadFormLibraries}
      aria-label="Job Application Form"
      encType="multipart/form-data"
    >
      <NameField {...form.field('name', 'job-name')} />
      <EmailField {...form.field('email', 'job-email')} />
      <PhoneField {...form.field('phone', 'job-phone')} />
      <div className="form-field">
        <label htmlFor="job-resume">Resume</label>
        <input
          id="job-resume"
          name="resume"
          type="file"
          accept={RESUME_ACCEPT}
          required
          onChange={changeResume}
          aria-invalid={errors.resume ? true : undefined}
          aria-describedby={errors.resume ? resumeErrorId : undefined}
        />
        {errors.resume && (
          <p id={resumeErrorId} className="form-error">
            {errors.resume}
          </p>
        )}
      </div>
      <Honeypot />
      <SubmitButton submitting={submitting} label="Submit Application" busyLabel="Submitting" />
      {outbox.notice}
    </form>
  );
}
