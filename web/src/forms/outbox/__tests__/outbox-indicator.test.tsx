import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxIndicator } from '../OutboxIndicator';
import { addEntry, createEntry, failed, readOutbox, startSending, updateEntry, wasDiscarded } from '../outbox-core';

const ENQUIRY = {
  form: 'enquiry' as const,
  templateId: 'template_enquiry',
  params: { from_name: 'Asha Rao', contact_number: '9876543210', from_email: 'asha@example.com', message: 'Price please' },
  subject: 'Enquiry: Slit Lamp',
  text: 'Name: Asha Rao',
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function keep(input: typeof ENQUIRY, state: 'waiting' | 'not sent' = 'waiting') {
  const entry = createEntry(input, Date.now());
  act(() => addEntry(entry, Date.now()));
  const failure = state === 'waiting' ? { status: 0, text: 'Network Error' } : { status: 400, text: 'Bad request' };
  act(() => void updateEntry(entry.id, (current) => failed(current, failure, Date.now()), Date.now()));
  return entry;
}

describe('the indicator of kept messages', () => {
  it('shows nothing while the outbox keeps nothing', () => {
    const { container } = render(<OutboxIndicator />);
    expect(container.innerHTML).toBe('');
  });

  it('lists each kept message, waiting or not sent, with how long it stays', () => {
    keep(ENQUIRY);
    keep({ ...ENQUIRY, subject: 'Contact message' }, 'not sent');
    render(<OutboxIndicator />);
    expect(screen.getByText('1 message waiting to be sent, 1 message not sent')).toBeTruthy();
    expect(screen.getByText(/Kept in this browser only.*deleted after 7 days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard Enquiry: Slit Lamp' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard Contact message' })).toBeTruthy();
  });

  it('Discard deletes the message and its personal data from the browser', () => {
    const entry = keep(ENQUIRY);
    const { container } = render(<OutboxIndicator />);
    fireEvent.click(screen.getByRole('button', { name: 'Discard Enquiry: Slit Lamp' }));
    expect(readOutbox(Date.now())).toEqual([]);
    expect(localStorage.length).toBe(0);
    expect(wasDiscarded(entry.id)).toBe(true);
    expect(container.innerHTML).toBe('');
  });

  it('offers no Discard while a request for the message is on its way, which could not be called back', () => {
    const entry = keep(ENQUIRY);
    act(() => void updateEntry(entry.id, startSending, Date.now()));
    render(<OutboxIndicator />);
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Discard Enquiry: Slit Lamp' })).toBeNull();
    act(() => void updateEntry(entry.id, (current) => failed(current, { status: 0, text: 'Network Error' }, Date.now()), Date.now()));
    expect(screen.getByRole('button', { name: 'Discard Enquiry: Slit Lamp' })).toBeTruthy();
  });
});
