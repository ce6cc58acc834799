import { afterEach, describe, expect, it } from 'vitest';
import {
  addEntry,
  createEntry,
  failed,
  isDue,
  isExpired,
  isTransient,
  MAX_AGE_MS,
  readOutbox,
  RETRY_MIN_MS,
  startSending,
  updateEntry,
} from '../outbox-core';

const INPUT = { form: 'contact' as const, templateId: 'template_contact', params: { name: 'Asha' }, subject: 'Contact', text: 'Name: Asha' };
const T0 = 1_800_000_000_000;

afterEach(() => localStorage.clear());

describe('the outbox state machine', () => {
  it('queued: a new entry is due at once', () => {
    const entry = createEntry(INPUT, T0, 'a');
    expect(entry.state).toBe('queued');
    expect(isDue(entry, T0)).toBe(true);
  });

  it('sending: counts the attempt', () => {
    const entry = startSending(createEntry(INPUT, T0, 'a'));
    expect(entry).toMatchObject({ state: 'sending', attempts: 1 });
  });

  it('sent: the entry leaves the outbox', () => {
    addEntry(createEntry(INPUT, T0, 'a'), T0);
    expect(updateEntry('a', () => null, T0)).toBeNull();
    expect(readOutbox(T0)).toEqual([]);
  });

  it.each([
    ['offline or a network error', { status: 0, text: 'Network Error' }],
    ['HTTP 500', { status: 500, text: 'Internal Server Error' }],
    ['HTTP 503', { status: 503, text: 'Unavailable' }],
    ['HTTP 429', { status: 429, text: 'Too Many Requests' }],
  ])('failed-transient after %s: retried no sooner than 30 s, then with a longer backoff', (_, failure) => {
    expect(isTransient(failure)).toBe(true);
    const once = failed(startSending(createEntry(INPUT, T0, 'a')), failure, T0);
    expect(once).toMatchObject({ state: 'failed-transient', failedAt: T0, nextAttemptAt: T0 + RETRY_MIN_MS });
    expect(isDue(once, T0 + RETRY_MIN_MS - 1)).toBe(false);
    expect(isDue(once, T0 + RETRY_MIN_MS)).toBe(true);
    const twice = failed(startSending(once), failure, T0 + RETRY_MIN_MS);
    expect(twice.nextAttemptAt).toBe(T0 + 3 * RETRY_MIN_MS);
  });

  it('failed-transient: a page load, the online event or "Send now" retries a failure from before it at once', () => {
    const entry = failed(startSending(createEntry(INPUT, T0, 'a')), { status: 0, text: 'Network Error' }, T0);
    expect(isDue(entry, T0 + 1, T0 + 1)).toBe(true);
    // A failure after the retry began (another tab just tried) waits for its backoff.
    expect(isDue(entry, T0 + 1, T0)).toBe(false);
  });

  it.each([
    ['HTTP 400', { status: 400, text: 'The template ID is invalid' }],
    ['HTTP 403', { status: 403, text: 'Forbidden' }],
    ['HTTP 412', { status: 412, text: 'Quota used up' }],
    ['a missing key', { status: 0, text: 'The public key is required' }],
  ])('failed-permanent after %s: never retried', (_, failure) => {
    expect(isTransient(failure)).toBe(false);
    const entry = failed(startSending(createEntry(INPUT, T0, 'a')), failure, T0);
    expect(entry.state).toBe('failed-permanent');
    expect(isDue(entry, T0 + MAX_AGE_MS - 1, T0 + MAX_AGE_MS - 1)).toBe(false);
  });

  it('expired: an entry 7 days old is deleted, whatever its state', () => {
    const entry = createEntry(INPUT, T0, 'a');
    addEntry(entry, T0);
    expect(isExpired(entry, T0 + MAX_AGE_MS - 1)).toBe(false);
    expect(readOutbox(T0 + MAX_AGE_MS - 1)).toHaveLength(1);
    expect(isExpired(entry, T0 + MAX_AGE_MS)).toBe(true);
    expect(isDue(entry, T0 + MAX_AGE_MS)).toBe(false);
    expect(readOutbox(T0 + MAX_AGE_MS)).toEqual([]);
  });

  it('keeps entries across a reload (a new read sees what was written) and ignores damaged storage', () => {
    addEntry(createEntry(INPUT, T0, 'a'), T0);
    addEntry(createEntry(INPUT, T0, 'b'), T0);
    expect(readOutbox(T0).map((entry) => entry.id)).toEqual(['a', 'b']);
    localStorage.setItem('outbox', '{not json');
    expect(readOutbox(T0)).toEqual([]);
  });
});
