import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Layout } from '../../content/types';
import { layoutFixture } from '../../testing/fixtures';
import { sendEmail, sendEmailForm } from '../email/email-client';
import { JobApplicationForm, RESUME_NOTE } from '../job/JobApplicationForm';
import { readOutbox } from '../outbox/outbox-core';
import { OUTBOX_STORAGE_KEY } from '../outbox/outbox-key';
import { RESUME_NOT_KEPT } from '../outbox/OutboxNotice';
import { stopRetriesForTests } from '../outbox/outbox-runtime';
import { notify } from '../toast/notify';
import { installWebLocks, renderWithLayout, typeInto } from '../../testing/forms';

vi.mock('../toast/notify', async () => (await import('../../testing/forms')).notifyStub());
vi.mock('../email/email-client', async () => (await import('../../testing/forms')).emailClientStub());

const sent = vi.mocked(sendEmail);
const sentForm = vi.mocked(sendEmailForm);
const toasts = vi.mocked(notify);

const WITH_TEMPLATE: Layout = {
  ...layoutFixture,
  email: { ...layoutFixture.email, templates: { ...layoutFixture.email.templates, job: 'job' } },
};
const FIELDS = { name: 'Asha Rao', email: 'asha@example.com', phone: '022-555-0199' };
const FAILURE_TOAST = ['error', 'Failed to submit. Please try again.', { position: 'top-center' }] as const;

function fillAndSubmit() {
  typeInto('Name', FIELDS.name);
  typeInto('Email', FIELDS.email);
  typeInto('Phone', FIELDS.phone);
  const resume = new File(['%PDF-1.4'], 'asha-cv.pdf', { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText('Resume'), { target: { files: [resume] } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
}

beforeEach(() => {
  installWebLocks();
  sent.mockReset();
  sentForm.mockReset();
  toasts.mockClear();
});

afterEach(() => {
  cleanup();
  stopRetriesForTests();
  localStorage.clear();
});

describe('job application form through the outbox', () => {
  it('keeps the text fields only, sends the form with the resume first, and empties the outbox on success', async () => {
    let stored = '';
    sentForm.mockImplementation(async (_settings, template, form) => {
      stored = localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '';
      expect(template).toBe('job');
      expect((form.elements.namedItem('resume') as HTMLInputElement).files?.[0]?.name).toBe('asha-cv.pdf');
      return { ok: true };
    });
    renderWithLayout(<JobApplicationForm />, WITH_TEMPLATE);
    fillAndSubmit();
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith('success', 'Your job application has been submitted successfully!', {
        position: 'top-center',
      }),
    );
    const [entry] = JSON.parse(stored) as Array<{ form: string; params: Record<string, string> }>;
    expect(entry?.form).toBe('job');
    expect(entry?.params).toEqual({ ...FIELDS, resume_note: RESUME_NOTE });
    expect(stored).not.toContain('asha-cv.pdf');
    expect(stored).not.toContain('PDF-1.4');
    expect(sentForm).toHaveBeenCalledTimes(1);
    expect(sent).not.toHaveBeenCalled();
    expect(readOutbox(Date.now())).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
  });

  it('keeps a transient failure, asks for the resume again, and "Send now" sends the text fields without it', async () => {
    sentForm.mockResolvedValue({ ok: false, failure: { status: 503, text: 'Service Unavailable' } });
    renderWithLayout(<JobApplicationForm />, WITH_TEMPLATE);
    fillAndSubmit();
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(...FAILURE_TOAST));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', FIELDS.name);
    expect(readOutbox(Date.now()).map((entry) => [entry.form, entry.state])).toEqual([['job', 'failed-transient']]);

    const notice = await screen.findByText(/saved on this device and will be sent when the connection is back/);
    expect(notice.closest('.outbox-notice')?.textContent).toContain(RESUME_NOT_KEPT);
    const resumeLink = screen.getByRole('link', { name: 'E-mail your resume' });
    expect(resumeLink.getAttribute('href')).toContain(`mailto:${layoutFixture.contact.emails[0]}`);
    expect(decodeURIComponent(resumeLink.getAttribute('href') ?? '')).toContain(`Name: ${FIELDS.name}`);

    sent.mockResolvedValue({ ok: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send now' })));
    await waitFor(() => expect(screen.getByText('Your application has been sent, without your resume.')).toBeTruthy());
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith(WITH_TEMPLATE.email, 'job', { ...FIELDS, resume_note: RESUME_NOTE });
    // The resume went with the first request only: the retry has no file to send.
    expect(sentForm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'E-mail your resume' })).toBeTruthy();
    expect(readOutbox(Date.now())).toEqual([]);
  });

  it('offers WhatsApp, e-mail and call with the full text after a permanent failure, and is not retried', async () => {
    sentForm.mockResolvedValue({ ok: false, failure: { status: 400, text: 'The template ID is invalid' } });
    renderWithLayout(<JobApplicationForm />, WITH_TEMPLATE);
    fillAndSubmit();
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(...FAILURE_TOAST));
    await screen.findByText(/could not be sent from this page/);
    expect(screen.getByText('Your resume is not saved here: attach it again to your e-mail.')).toBeTruthy();
    const text = `Name: ${FIELDS.name}\nEmail: ${FIELDS.email}\nPhone: ${FIELDS.phone}`;
    const mail = screen.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href') ?? '';
    expect(mail.startsWith(`mailto:${layoutFixture.contact.emails[0]}?`)).toBe(true);
    expect(mail).toContain(`body=${encodeURIComponent(text)}`);
    const whatsApp = screen.queryByRole('link', { name: 'Send on WhatsApp' });
    if (whatsApp) expect(whatsApp.getAttribute('href')).toContain(`text=${encodeURIComponent(text)}`);
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:/);
    expect(readOutbox(Date.now()).map((entry) => entry.state)).toEqual(['failed-permanent']);
    expect(sent).not.toHaveBeenCalled();
    expect(sentForm).toHaveBeenCalledTimes(1);
  });

  it('without a job template keeps nothing in the outbox (the send is simulated)', async () => {
    vi.useFakeTimers();
    try {
      const layout: Layout = {
        ...layoutFixture,
        email: { ...layoutFixture.email, templates: { ...layoutFixture.email.templates, job: null } },
      };
      renderWithLayout(<JobApplicationForm />, layout);
      fillAndSubmit();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2000);
      });
      expect(toasts).toHaveBeenCalledWith('success', 'Your job application has been submitted successfully!', {
        position: 'top-center',
      });
      expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
      expect(sentForm).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
