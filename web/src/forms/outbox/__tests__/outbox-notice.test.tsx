import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithLayout } from '../../../testing/forms';
import { addEntry, createEntry, failed, startSending, updateEntry } from '../outbox-core';
import OutboxNotice from '../OutboxNotice';

const CONTACT = {
  form: 'contact' as const,
  templateId: 'template_contact',
  params: { from_name: 'Asha Rao', message: 'Price please' },
  subject: 'Contact message',
  text: 'Name: Asha Rao',
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("a form's notice of a kept message", () => {
  it('offers neither Send now nor Discard while a request for it is on its way, and both once it failed', () => {
    const entry = createEntry(CONTACT, Date.now());
    act(() => addEntry(startSending(entry), Date.now()));
    renderWithLayout(<OutboxNotice failure={{ id: entry.id, form: 'contact', transient: true }} />);
    const sendNow = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send now' });
    const discard = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Discard' });
    expect(sendNow().disabled).toBe(true);
    expect(discard().disabled).toBe(true);
    act(() => void updateEntry(entry.id, (current) => failed(current, { status: 0, text: 'Network Error' }, Date.now()), Date.now()));
    expect(sendNow().disabled).toBe(false);
    expect(discard().disabled).toBe(false);
  });
});
