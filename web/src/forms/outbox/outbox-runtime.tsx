// The running outbox: sends entries (a form's first send, "Send now", and the retries:
// the browser's `online` event, the next page load, a timer after the backoff) and
// shows the frame's indicator. Loaded on a form's first send, or on a page load when the
// outbox holds anything (outbox-watch.ts). Every send holds one
// Web Lock for all tabs and, inside it, re-reads its entry and asks IndexedDB whether
// another tab delivered it already (delivered-ids.ts): each submission is delivered once.
import { createRoot } from 'react-dom/client';
import { sendEmail, type EmailSettings, type SendResult } from '../email/email-client';
import { OutboxIndicator } from './OutboxIndicator';
import type { SendFailure } from '../email/send-failure';
import { markDelivered, wasDelivered } from './delivered-ids';
import {
  addEntry,
  createEntry,
  failed,
  isDue,
  MAX_AGE_MS,
  readOutbox,
  startSending,
  updateEntry,
  type OutboxEntry,
} from './outbox-core';

const LOCK_NAME = 'sitegen-outbox';

/** What became of a send: delivered, failed (the entry's new state), or not tried (sent elsewhere, removed, not due). */
export type Attempt = { outcome: 'sent' } | { outcome: 'failed'; entry: OutboxEntry; failure: SendFailure } | { outcome: 'skipped' };

/** Runs `task` while holding the outbox lock in every tab (alone, without Web Locks). */
function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(LOCK_NAME, task) as Promise<T>) : task();
}

/** A form's own first request, when it carries more than the stored entry (the job form's file). */
export type Deliver = () => Promise<SendResult>;

/**
 * Tries the entry `id` once, under the lock, if it is still there and due (a failure
 * before `retryFailedBefore` is retried at once). `deliver` replaces the send of the
 * stored fields (a form's first request only: retries have nothing but the stored entry).
 */
export function attempt(settings: EmailSettings, id: string, retryFailedBefore = 0, deliver?: Deliver): Promise<Attempt> {
  return withLock(async () => {
    const entry = readOutbox(Date.now()).find((candidate) => candidate.id === id);
    if (!entry || !isDue(entry, Date.now(), retryFailedBefore)) return { outcome: 'skipped' as const };
    if (await wasDelivered(id)) {
      // This tab's copy of localStorage had not yet heard that another tab sent it.
      updateEntry(id, () => null, Date.now());
      return { outcome: 'skipped' as const };
    }
    // Read again after the wait: the visitor may have discarded it meanwhile (Discard
    // does not wait for the lock), and then nothing may be sent.
    const sending = updateEntry(id, startSending, Date.now());
    if (!sending) return { outcome: 'skipped' as const };
    const result = await (deliver ? deliver() : sendEmail(settings, sending.templateId, sending.params));
    if (result.ok) {
      // Recorded before the lock goes to another tab.
      await markDelivered(id, Date.now(), MAX_AGE_MS);
      updateEntry(id, () => null, Date.now());
      return { outcome: 'sent' as const };
    }
    const next = updateEntry(id, (current) => failed(current, result.failure, Date.now()), Date.now());
    return next ? { outcome: 'failed' as const, entry: next, failure: result.failure } : { outcome: 'skipped' as const };
  });
}

/** Writes the submission into the outbox, then sends it (through `deliver` if given): the form's one request. */
export async function sendThroughOutbox(
  settings: EmailSettings,
  input: Pick<OutboxEntry, 'form' | 'templateId' | 'params' | 'subject' | 'text'>,
  deliver?: Deliver,
): Promise<{ id: string; attempt: Attempt }> {
  const entry = createEntry(input, Date.now());
  addEntry(entry, Date.now());
  if (!readOutbox(Date.now()).some((stored) => stored.id === entry.id)) {
    // Storage is blocked or full: send without keeping a copy.
    const result = await (deliver ? deliver() : sendEmail(settings, input.templateId, input.params));
    return { id: entry.id, attempt: result.ok ? { outcome: 'sent' } : { outcome: 'skipped' } };
  }
  startRetries(settings);
  const result = await attempt(settings, entry.id, 0, deliver);
  scheduleNext(settings);
  return { id: entry.id, attempt: result };
}

/** "Send now": tries the entry at once, whatever its backoff. */
export async function sendNow(settings: EmailSettings, id: string): Promise<Attempt> {
  const result = await attempt(settings, id, Date.now());
  scheduleNext(settings);
  return result;
}

let started = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** A form sends its own new entry; one still queued after this long was left by a closed tab. */
const ORPHANED_AFTER_MS = 60_000;

/** Tries every due entry, one after the other; then waits for the next one that comes due. */
async function flush(settings: EmailSettings, retryFailedBefore: number): Promise<void> {
  clearTimeout(timer);
  for (const entry of readOutbox(Date.now())) {
    if (entry.state === 'queued' && Date.now() - entry.createdAt < ORPHANED_AFTER_MS) continue;
    await attempt(settings, entry.id, retryFailedBefore);
  }
  scheduleNext(settings);
}

/** Sets the page's timer for the entry that comes due first. */
function scheduleNext(settings: EmailSettings): void {
  clearTimeout(timer);
  const waiting = readOutbox(Date.now()).filter((entry) => entry.state === 'failed-transient');
  if (waiting.length === 0) return;
  const next = Math.min(...waiting.map((entry) => entry.nextAttemptAt));
  timer = setTimeout(() => void flush(settings, 0), Math.max(0, next - Date.now()));
}

/**
 * Starts the retries of this page (once): everything waiting is tried at once (a page
 * load), again whenever the browser comes online, and each entry after its backoff.
 */
export function startRetries(settings: EmailSettings): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flush(settings, Date.now()));
  void flush(settings, Date.now());
}

/** For tests. */
export function stopRetriesForTests(): void {
  started = false;
  clearTimeout(timer);
}

let indicatorShown = false;

/** Starts this page's retries and shows (in the header) the messages the outbox keeps, while it keeps any. */
export function showOutboxStatus(settings: EmailSettings): void {
  startRetries(settings);
  if (indicatorShown) return;
  indicatorShown = true;
  const host = document.createElement('div');
  (document.querySelector('.site-header') ?? document.body).append(host);
  createRoot(host).render(<OutboxIndicator />);
}
