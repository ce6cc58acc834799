import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useLayoutData } from '../../content/hooks';
import { sendEmailForm } from '../email/email-client';
import { FormField } from '../fields/FormField';
import { Honeypot, isHoneypotFilled } from '../fields/Honeypot';
import { SubmitButton } from '../fields/SubmitButton';
import { JOB_SIMULATED_SUBMIT_MS } from '../limits';
import { focusField, preloadFormLibraries } from '../preload';
import { useSubmission, wait } from '../submission/use-submission';
import { notify, type ToastPlacement } from '../toast/notify';
import {
  firstInvalidField,
  hasErrors,
  JOB_APPLICATION_FIELDS,
  MESSAGES,
  RESUME_ACCEPT,
  validateJobApplication,
  withoutError,
  type FieldErrors,
  type JobApplicationField,
  type JobApplicationValues,
} from '../validation';

type TextField = Exclude<JobApplicationField, 'resume'>;

const EMPTY: JobApplicationValues = { name: '', email: '', phone: '', resume: null };

/** The job form's toasts sit at the top centre (spec point 9). */
const PLACEMENT: ToastPlacement = { position: 'top-center' };

export const JOB_TOASTS = {
  success: 'Your job application has been submitted successfully!',
  failure: 'Failed to submit. Please try again.',
} as const;

/**
 * The job application form. Without a job template in content the submit is simulated
 * (1.5 s, nothing sent, as the spec has it); with one, the fields and the resume are
 * sent as a form.
 */
export function JobApplicationForm() {
  const { email: settings } = useLayoutData();
  const [values, setValues] = useState<JobApplicationValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<JobApplicationField>>({});
  const { submitting, run } = useSubmission();
  const resumeErrorId = 'job-resume-error';

  const change = (field: TextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  function changeResume(event: ChangeEvent<HTMLInputElement>) {
    const resume = event.target.files?.[0] ?? null;
    setValues((current) => ({ ...current, resume }));
    setErrors((current) => withoutError(current, 'resume'));
  }

  function clear(form: HTMLFormElement) {
    form.reset();
    setValues(EMPTY);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (submitting) return;
    if (isHoneypotFilled(form)) {
      clear(form);
      void notify('success', JOB_TOASTS.success, PLACEMENT);
      return;
    }
    const found = validateJobApplication(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = firstInvalidField(found, JOB_APPLICATION_FIELDS);
      if (first) focusField(form, first);
      void notify('error', MESSAGES.fixErrors, PLACEMENT);
      return;
    }
    const template = settings.templates.job;
    const ok = await run(async () => {
      if (!template) {
        await wait(JOB_SIMULATED_SUBMIT_MS);
        return true;
      }
      return (await sendEmailForm(settings, template, form)).ok;
    });
    if (ok === null) return;
    if (ok) {
      clear(form);
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
      <FormField
        id="job-name"
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
        error={errors.name}
        required
      />
      <FormField
        id="job-email"
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
        id="job-phone"
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
    </form>
  );
}
