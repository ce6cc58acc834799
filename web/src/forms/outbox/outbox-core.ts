// The outbox: every form submission is written here before it is sent and leaves only
// when a send is confirmed, so a failed send survives a reload or a closed tab. Pure
// state changes over plain entries; outbox-runtime.tsx does the sending.
import type { SendFailure } from '../email/send-failure';
import { LOCAL_STORAGE_CHANGE_EVENT } from '../../lib/local-storage-change';
import { OUTBOX_STORAGE_KEY } from './outbox-key';

export type OutboxForm = 'contact' | 'enquiry' | 'quote' | 'quote-list' | 'job';

/**
 * queued (written, not tried yet) → sending → removed when sent; or → failed-transient
 * (retried: on `online`, on the next page load, in the page after a backoff) or
 * failed-permanent (never retried: the visitor is offered other ways). An entry older
 * than `MAX_AGE_MS` is expired: it is deleted, whatever its state.
 */
export type OutboxState = 'queued' | 'sending' | 'failed-transient' | 'failed-permanent';

export type OutboxEntry = {
  id: string;
  form: OutboxForm;
  templateId: string;
  params: Record<string, string>;
  /** The submission as readable text, for WhatsApp and e-mail. */
  subject: string;
  text: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** When the last try failed, and the earliest time of the next automatic one. */
  failedAt: number;
  nextAttemptAt: number;
  failure?: SendFailure;
};

/** Entries are deleted after 7 days (the notice says so). */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** No automatic retry within a page sooner than 30 s after a failure: one click, one request. */
export const RETRY_MIN_MS = 30_000;
const RETRY_MAX_MS = 30 * 60 * 1000;

/** Whether a failure may pass by itself: no answer (offline, network error), 5xx or 429. */
export function isTransient(failure: SendFailure): boolean {
  if (failure.status === 0) return failure.text === 'Network Error';
  return failure.status >= 500 || failure.status === 429;
}

/** 30 s, 60 s, 120 s … after the 1st, 2nd, 3rd … failure, at most 30 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MIN_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export function createEntry(
  input: Pick<OutboxEntry, 'form' | 'templateId' | 'params' | 'subject' | 'text'>,
  now: number,
  id: string = crypto.randomUUID(),
): OutboxEntry {
  return { ...input, id, createdAt: now, state: 'queued', attempts: 0, failedAt: 0, nextAttemptAt: now };
}

export function startSending(entry: OutboxEntry): OutboxEntry {
  return { ...entry, state: 'sending', attempts: entry.attempts + 1 };
}

export function failed(entry: OutboxEntry, failure: SendFailure, now: number): OutboxEntry {
  return isTransient(failure)
    ? { ...entry, state: 'failed-transient', failure, failedAt: now, nextAttemptAt: now + retryDelay(entry.attempts) }
    : { ...entry, state: 'failed-permanent', failure, failedAt: now };
}

export function isExpired(entry: OutboxEntry, now: number): boolean {
  return now - entry.createdAt >= MAX_AGE_MS;
}

/**
 * Whether the entry may be sent now. A failure before `retryFailedBefore` (the page
 * loaded, the browser came online, "Send now") skips the backoff; one after it (another
 * tab just tried) does not. An entry still "sending" was left so by a tab that closed
 * mid-send (the lock it held is free): it is tried again.
 */
export function isDue(entry: OutboxEntry, now: number, retryFailedBefore = 0): boolean {
  if (entry.state === 'failed-permanent' || isExpired(entry, now)) return false;
  if (entry.state !== 'failed-transient') return true;
  return entry.nextAttemptAt <= now || entry.failedAt < retryFailedBefore;
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry | null;
  return typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.params === 'object';
}

/** The stored entries that have not expired. */
export function readOutbox(now: number, storage: Storage = localStorage): OutboxEntry[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter(isEntry).filter((entry) => !isExpired(entry, now)) : [];
  } catch {
    return [];
  }
}

export function writeOutbox(entries: readonly OutboxEntry[], storage: Storage = localStorage): void {
  try {
    if (entries.length === 0) storage.removeItem(OUTBOX_STORAGE_KEY);
    else storage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the send still happens, only the copy is not kept.
  }
  // This tab's watchers (other tabs get `storage`).
  window.dispatchEvent(new Event(LOCAL_STORAGE_CHANGE_EVENT));
}

/** Replaces (or with `null` deletes) the entry `id`, dropping expired ones on the way. */
export function updateEntry(id: string, change: (entry: OutboxEntry) => OutboxEntry | null, now: number): OutboxEntry | null {
  const entries = readOutbox(now);
  const current = entries.find((entry) => entry.id === id);
  if (!current) {
    writeOutbox(entries);
    return null;
  }
  const next = change(current);
  writeOutbox(next ? entries.map((entry) => (entry.id === id ? next : entry)) : entries.filter((entry) => entry.id !== id));
  return next;
}

/** The entries the visitor discarded in this page: a notice showing one then says nothing, not "sent". */
const discardedIds = new Set<string>();

/** Deletes the entry `id`: the visitor discarded it (or chose another way to send it). */
export function discardEntry(id: string, now: number): void {
  discardedIds.add(id);
  updateEntry(id, () => null, now);
}

export function wasDiscarded(id: string): boolean {
  return discardedIds.has(id);
}

export function addEntry(entry: OutboxEntry, now: number): void {
  writeOutbox([...readOutbox(now), entry]);
}
