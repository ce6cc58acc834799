import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installWebLocks } from '../../../testing/forms';
import type * as DeliveredIds from '../delivered-ids';
import { discardEntry, readOutbox } from '../outbox-core';

const sendEmail = vi.fn();
vi.mock('../../email/email-client', () => ({ sendEmail: (...args: unknown[]) => sendEmail(...args) }));
// Lets a test hold a send at the check of another tab's delivery, as a slow IndexedDB does.
const wasDelivered = vi.fn<(id: string) => Promise<boolean>>();
vi.mock('../delivered-ids', async (importOriginal) => ({
  ...(await importOriginal<typeof DeliveredIds>()),
  wasDelivered: (id: string) => wasDelivered(id),
}));
const { attempt, sendThroughOutbox, stopRetriesForTests } = await import('../outbox-runtime');

const SETTINGS = { publicKey: 'k', serviceId: 's', origin: 'https://api.emailjs.com', templates: { contact: 'c', enquiry: 'e', quote: 'q', job: null } };
const INPUT = { form: 'quote' as const, templateId: 'q', params: { name: 'Asha' }, subject: 'Quote request', text: 'Name: Asha' };

beforeEach(() => {
  installWebLocks();
  sendEmail.mockReset();
  wasDelivered.mockReset();
  wasDelivered.mockResolvedValue(false);
});
afterEach(() => {
  stopRetriesForTests();
  localStorage.clear();
});

describe('sending through the outbox', () => {
  it('writes the entry before the request and removes it once the send is confirmed', async () => {
    sendEmail.mockImplementation(() => {
      expect(readOutbox(Date.now())).toHaveLength(1);
      return Promise.resolve({ ok: true });
    });
    const { attempt: result } = await sendThroughOutbox(SETTINGS, INPUT);
    expect(result.outcome).toBe('sent');
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(readOutbox(Date.now())).toEqual([]);
  });

  it('keeps a transient failure for a retry and a permanent one for the fallbacks', async () => {
    sendEmail.mockResolvedValueOnce({ ok: false, failure: { status: 429, text: 'Too Many Requests' } });
    await sendThroughOutbox(SETTINGS, INPUT);
    sendEmail.mockResolvedValueOnce({ ok: false, failure: { status: 412, text: 'Quota' } });
    await sendThroughOutbox(SETTINGS, INPUT);
    expect(readOutbox(Date.now()).map((entry) => entry.state)).toEqual(['failed-transient', 'failed-permanent']);
    expect(sendEmail).toHaveBeenCalledTimes(2);
  });

  it('delivers exactly once when two tabs retry the same entry at the same moment', async () => {
    sendEmail.mockResolvedValueOnce({ ok: false, failure: { status: 0, text: 'Network Error' } });
    const { id } = await sendThroughOutbox(SETTINGS, INPUT);
    sendEmail.mockReset();
    sendEmail.mockResolvedValue({ ok: true });
    const now = Date.now() + 1;
    const [first, second] = await Promise.all([attempt(SETTINGS, id, now), attempt(SETTINGS, id, now)]);
    expect([first.outcome, second.outcome].sort()).toEqual(['sent', 'skipped']);
    expect(sendEmail).toHaveBeenCalledTimes(1);
    expect(readOutbox(Date.now())).toEqual([]);
  });

  it('never sends a message the visitor discarded while its retry waited for its turn', async () => {
    sendEmail.mockResolvedValueOnce({ ok: false, failure: { status: 0, text: 'Network Error' } });
    const { id } = await sendThroughOutbox(SETTINGS, INPUT);
    sendEmail.mockReset();
    sendEmail.mockResolvedValue({ ok: true });
    let answer: (delivered: boolean) => void = () => undefined;
    wasDelivered.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const calledBefore = wasDelivered.mock.calls.length;
    const retry = attempt(SETTINGS, id, Date.now() + 1);
    await vi.waitFor(() => expect(wasDelivered.mock.calls.length).toBe(calledBefore + 1));
    discardEntry(id, Date.now());
    answer(false);
    expect((await retry).outcome).toBe('skipped');
    expect(sendEmail).not.toHaveBeenCalled();
    expect(readOutbox(Date.now())).toEqual([]);
  });
});
