import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutFixture } from '../../testing/fixtures';
import { ContactForm } from '../contact/ContactForm';
import { sendEmail, sendEmailForm } from '../email/email-client';
import { EnquiryModal } from '../enquiry/EnquiryModal';
import { JobApplicationForm } from '../job/JobApplicationForm';
import { ENQUIRY_CLOSE_DELAY_MS, JOB_SIMULATED_SUBMIT_MS } from '../limits';
import { QuoteForm } from '../quote/QuoteForm';
import { notify } from '../toast/notify';
import { deferred, renderWithLayout, typeInto } from '../../testing/forms';

vi.mock('../toast/notify', async () => (await import('../../testing/forms')).notifyStub());
vi.mock('../email/email-client', async () => (await import('../../testing/forms')).emailClientStub());

const sent = vi.mocked(sendEmail);
const sentForm = vi.mocked(sendEmailForm);
const toasts = vi.mocked(notify);

// A form's first send imports the outbox (use-outbox-send.tsx), and Vite transforms a
// module on its first import: on a loaded machine that outlasted waitFor's 1 s in the
// first test that sends. Loaded once here, so each waitFor waits for the form alone.
beforeAll(async () => {
  await Promise.all([import('../outbox/outbox-runtime'), import('../outbox/OutboxNotice')]);
});

beforeEach(() => {
  sent.mockReset();
  sentForm.mockReset();
  toasts.mockClear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('contact form', () => {
  function fillContact() {
    typeInto('Name', 'Asha Rao');
    typeInto('Email', 'asha@example.com');
    typeInto('Phone', '022-555-0199');
    typeInto('Message', 'Please call me back.');
  }

  it('shows a message under each failing field, marks it and focuses the first, plus the toast', async () => {
    renderWithLayout(<ContactForm />);
    typeInto('Name', 'Al');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveProperty('ariaInvalid', 'true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Name must be at least 3 characters',
    );
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(toasts).toHaveBeenCalledWith('error', 'Please fix the errors in the form', { position: 'top-center' });
    expect(sent).not.toHaveBeenCalled();
  });

  it("clears a field's error when that field is edited", () => {
    renderWithLayout(<ContactForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    typeInto('Email', 'a');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Name is required')).toBeTruthy();
  });

  it('sends name, email, phone, message through the contact template, once, and clears on success', async () => {
    const reply = deferred<{ ok: true }>();
    sent.mockReturnValue(reply.promise);
    renderWithLayout(<ContactForm />);
    fillContact();
    const button = screen.getByRole('button', { name: 'Send Message' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sending' })).toHaveProperty('disabled', true));
    // The outbox writes the entry first, then sends: once.
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent).toHaveBeenCalledWith(layoutFixture.email, layoutFixture.email.templates.contact, {
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '022-555-0199',
      message: 'Please call me back.',
    });
    await act(async () => reply.resolve({ ok: true }));
    expect(toasts).toHaveBeenCalledWith('success', 'Email sent successfully!', { position: 'top-center' });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveProperty('disabled', false);
  });

  it('keeps the values on failure', async () => {
    sent.mockResolvedValue({ ok: false, failure: { status: 400, text: 'Bad Request' } });
    renderWithLayout(<ContactForm />);
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith('error', 'Failed to send email.', { position: 'top-center' }));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Asha Rao');
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'Please call me back.');
  });

  it('pretends success and sends nothing when the honeypot is filled', async () => {
    const { container } = renderWithLayout(<ContactForm />);
    fillContact();
    fireEvent.change(container.querySelector('.form-honeypot-input')!, { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith('success', 'Email sent successfully!', { position: 'top-center' }));
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
  });
});

describe('product enquiry modal', () => {
  const product = { title: 'Dialysis Machine', categoryName: null };

  function fillEnquiry() {
    typeInto('Name', 'Asha Rao');
    typeInto('Email', 'asha@example.com');
    typeInto('Contact Number', '9876543210');
    typeInto('Message', 'Price please');
  }

  it('shows the one message, marks the fields it is about and focuses the first', () => {
    renderWithLayout(<EnquiryModal product={product} onClose={() => {}} />);
    typeInto('Name', 'Asha');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('sends the enquiry params ("Not specified" without a category), then closes 3.5 s after success', async () => {
    vi.useFakeTimers();
    const reply = deferred<{ ok: true }>();
    sent.mockReturnValue(reply.promise);
    const onClose = vi.fn();
    renderWithLayout(<EnquiryModal product={product} onClose={onClose} />);
    fillEnquiry();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Submitting' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Close', { selector: 'button' })).toHaveProperty('disabled', true);
    // Escape does not close it while submitting.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(sent).toHaveBeenCalledWith(layoutFixture.email, layoutFixture.email.templates.enquiry, {
      from_name: 'Asha Rao',
      from_email: 'asha@example.com',
      contact_number: '9876543210',
      product_title: 'Dialysis Machine',
      product_category: 'Not specified',
      message: 'Price please',
    });
    await act(async () => reply.resolve({ ok: true }));
    expect(toasts).toHaveBeenCalledWith('success', 'Your information has been submitted successfully!', {
      autoClose: 3000,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ENQUIRY_CLOSE_DELAY_MS - 1);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open with its values on failure', async () => {
    vi.useFakeTimers();
    sent.mockResolvedValue({ ok: false, failure: { status: 0, text: 'Network Error' } });
    const onClose = vi.fn();
    renderWithLayout(<EnquiryModal product={{ title: 'X-ray', categoryName: 'Radiology Products' }} onClose={onClose} />);
    fillEnquiry();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(sent.mock.calls[0]?.[2]).toMatchObject({ product_category: 'Radiology Products' });
    expect(toasts).toHaveBeenCalledWith('error', 'Failed to submit. Please try again.', { autoClose: 3000 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Contact Number')).toHaveProperty('value', '9876543210');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
  });
});

describe('job application form', () => {
  function fillJob(file: File) {
    typeInto('Name', 'Asha Rao');
    typeInto('Email', 'asha@example.com');
    typeInto('Phone', '022-555-0199');
    fireEvent.change(screen.getByLabelText('Resume'), { target: { files: [file] } });
  }

  it('rejects a text file', () => {
    renderWithLayout(<JobApplicationForm />);
    fillJob(new File(['hello'], 'cv.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Only PDF or Word documents are allowed')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Resume'));
  });

  it('without a job template, simulates 1.5 s of submitting, then the success toast and a cleared form', async () => {
    vi.useFakeTimers();
    const layout = { ...layoutFixture, email: { ...layoutFixture.email, templates: { ...layoutFixture.email.templates, job: null } } };
    renderWithLayout(<JobApplicationForm />, layout);
    fillJob(new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Submitting' })).toHaveProperty('disabled', true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(JOB_SIMULATED_SUBMIT_MS);
    });
    expect(toasts).toHaveBeenCalledWith('success', 'Your job application has been submitted successfully!', {
      position: 'top-center',
    });
    expect(screen.getByLabelText('Name')).toHaveProperty('value', '');
    expect(sent).not.toHaveBeenCalled();
    expect(sentForm).not.toHaveBeenCalled();
  });

  it('with a job template, sends the form and keeps the values on failure', async () => {
    sentForm.mockResolvedValue({ ok: false, failure: { status: 500, text: 'Server Error' } });
    const layout = { ...layoutFixture, email: { ...layoutFixture.email, templates: { ...layoutFixture.email.templates, job: 'job' } } };
    renderWithLayout(<JobApplicationForm />, layout);
    fillJob(new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith('error', 'Failed to submit. Please try again.', { position: 'top-center' }),
    );
    expect(sentForm).toHaveBeenCalledWith(layout.email, 'job', expect.any(HTMLFormElement));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Asha Rao');
  });
});

describe('quote form', () => {
  it('sends name, contact, email, message through the quote template', async () => {
    sent.mockResolvedValue({ ok: true });
    const onSent = vi.fn();
    renderWithLayout(<QuoteForm onSent={onSent} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    typeInto('Name', 'Asha');
    typeInto('Contact Number', '9876543210');
    typeInto('Email', 'asha@example.com');
    typeInto('Message', 'Quote for 2 beds');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sent).toHaveBeenCalledWith(layoutFixture.email, layoutFixture.email.templates.quote, {
      name: 'Asha',
      contact: '9876543210',
      email: 'asha@example.com',
      message: 'Quote for 2 beds',
    });
  });
});
