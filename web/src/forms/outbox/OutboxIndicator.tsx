import { useSyncExternalStore } from 'react';
import { subscribeToLocalStorage } from '../../lib/local-storage-change';
import { discardEntry, MAX_AGE_MS, readOutbox, type OutboxEntry } from './outbox-core';
import { OUTBOX_STORAGE_KEY } from './outbox-key';
import './outbox.css';

const NONE: OutboxEntry[] = [];
let kept: { raw: string | null; entries: OutboxEntry[] } = { raw: null, entries: NONE };

/** The kept entries, read again only when the stored text changed (a stable snapshot); expired ones left out. */
function keptEntries(): OutboxEntry[] {
  const raw = localStorage.getItem(OUTBOX_STORAGE_KEY);
  if (raw !== kept.raw) kept = { raw, entries: raw === null ? NONE : readOutbox(Date.now()) };
  return kept.entries;
}
const noEntries = () => NONE;

const DAY_MS = 24 * 60 * 60 * 1000;

function count(entries: readonly OutboxEntry[], one: string, many: string): string | null {
  if (entries.length === 0) return null;
  return entries.length === 1 ? `1 ${one}` : `${entries.length} ${many}`;
}

/**
 * On every page while the outbox keeps anything: "1 message waiting to be sent" (or that
 * could not be sent), opening to the kept messages, each with Discard (or "Sending…" while
 * a request for it is on its way). What a visitor typed (name, phone, e-mail, message)
 * stays in this browser until then.
 */
export function OutboxIndicator() {
  const entries = useSyncExternalStore(subscribeToLocalStorage, keptEntries, noEntries);
  if (entries.length === 0) return null;
  const waiting = entries.filter((entry) => entry.state !== 'failed-permanent');
  const unsent = entries.filter((entry) => entry.state === 'failed-permanent');
  const summary = [
    count(waiting, 'message waiting to be sent', 'messages waiting to be sent'),
    count(unsent, 'message not sent', 'messages not sent'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="outbox-indicator" role="status">
      <details>
        <summary>{summary}</summary>
        <p>
          Kept in this browser only, with what you typed in the form, and deleted after {MAX_AGE_MS / DAY_MS} days.
        </p>
        <ul className="outbox-indicator-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span>{entry.subject}</span>
              {entry.state === 'sending' ? (
                // A request already on its way cannot be called back: Discard comes back if it fails.
                <span className="outbox-indicator-sending">Sending…</span>
              ) : (
                <button
                  type="button"
                  className="outbox-indicator-discard"
                  aria-label={`Discard ${entry.subject}`}
                  onClick={() => discardEntry(entry.id, Date.now())}
                >
                  Discard
                </button>
              )}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
