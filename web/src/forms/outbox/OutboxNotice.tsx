import { useState, useSyncExternalStore } from 'react';
import { telHref, whatsAppUrl } from '../../lib/contact-links';
import { useLayoutData } from '../../content/hooks';
import { subscribeToLocalStorage } from '../../lib/local-storage-change';
import { discardEntry, wasDiscarded, type OutboxEntry, type OutboxForm } from './outbox-core';
import { sendNow } from './outbox-runtime';
import { OUTBOX_STORAGE_KEY } from './outbox-key';
import './outbox.css';

/** A failed send of a form: its outbox entry, the form, and whether it may pass by itself. */
export type OutboxFailure = { id: string; form: OutboxForm; transient: boolean };

/** Files are not kept in the outbox: a job application is kept and re-sent without its resume. */
export const RESUME_NOT_KEPT = 'Your resume is not saved with it: please attach your resume again to an e-mail.';

/** A mailto: link to the company's first address, or null without one. */
function mailtoHref(email: string | undefined, subject: string, body: string): string | null {
  return email ? `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}` : null;
}

/** The entry `id` as stored (entries are kept for 7 days; the notice is shown far less long). */
function storedEntry(raw: string | null, id: string): OutboxEntry | undefined {
  if (raw === null) return undefined;
  try {
    const entries: unknown = JSON.parse(raw);
    return Array.isArray(entries) ? (entries as OutboxEntry[]).find((entry) => entry?.id === id) : undefined;
  } catch {
    return undefined;
  }
}

const readRaw = () => localStorage.getItem(OUTBOX_STORAGE_KEY);
const noEntries = () => null;

/**
 * What a form shows after a failed send, until the visitor leaves: that the message is
 * kept and will be sent ("Send now", "Discard"), or, when it cannot be sent from here,
 * the same text by WhatsApp, e-mail or phone.
 */
export default function OutboxNotice({ failure }: { failure: OutboxFailure }) {
  const { email: settings, contact } = useLayoutData();
  const raw = useSyncExternalStore(subscribeToLocalStorage, readRaw, noEntries);
  const [discarded, setDiscarded] = useState(false);
  const [sending, setSending] = useState(false);
  const entry = storedEntry(raw, failure.id);
  const email = contact.emails[0];
  const isJob = failure.form === 'job';
  // Where a job applicant sends the resume the outbox could not keep (their mail app attaches it).
  // Kept from the first render: the entry is gone once it is sent.
  const [resume] = useState(() => ({ subject: entry?.subject ?? '', body: entry?.text ?? '' }));
  const resumeMailto = isJob ? mailtoHref(email, resume.subject, resume.body) : null;
  const resumeLine = isJob && (
    <p>
      {RESUME_NOT_KEPT}{' '}
      {resumeMailto && (
        <a href={resumeMailto} className="outbox-notice-resume">
          E-mail your resume
        </a>
      )}
    </p>
  );

  // Discarded here, or in the header's list of kept messages.
  if (discarded || wasDiscarded(failure.id)) return null;
  if (!entry) {
    return isJob ? (
      <div className="outbox-notice" role="status">
        <p>Your application has been sent, without your resume.</p>
        {resumeLine}
      </div>
    ) : (
      <p className="outbox-notice" role="status">
        Your message has been sent.
      </p>
    );
  }
  const discardButton = (
    <button
      type="button"
      className="button button-secondary"
      // A request already on its way cannot be called back.
      disabled={entry.state === 'sending'}
      onClick={() => {
        setDiscarded(true);
        discardEntry(entry.id, Date.now());
      }}
    >
      Discard
    </button>
  );
  if (entry.state !== 'failed-permanent') {
    return (
      <div className="outbox-notice" role="status">
        <p>
          Your message is saved on this device and will be sent when the connection is back. Saved messages are
          deleted after 7 days.
        </p>
        {resumeLine}
        <div className="outbox-notice-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={sending || entry.state === 'sending'}
            onClick={async () => {
              setSending(true);
              await sendNow(settings, entry.id);
              setSending(false);
            }}
          >
            Send now
          </button>
          {discardButton}
        </div>
      </div>
    );
  }
  const phone = contact.phones[0];
  const whatsApp = whatsAppUrl(contact.chatUrl, entry.text);
  const mailto = mailtoHref(email, entry.subject, entry.text);
  return (
    <div className="outbox-notice outbox-notice-permanent" role="status">
      <p>Your message could not be sent from this page. Please send it another way:</p>
      {isJob && <p>Your resume is not saved here: attach it again to your e-mail.</p>}
      <div className="outbox-notice-actions">
        {whatsApp && (
          <a className="button button-secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
            Send on WhatsApp
          </a>
        )}
        {mailto && (
          <a className="button button-secondary" href={mailto}>
            Send by e-mail
          </a>
        )}
        {phone && (
          <a className="button button-secondary" href={telHref(phone)}>
            Call
          </a>
        )}
        {discardButton}
      </div>
    </div>
  );
}
