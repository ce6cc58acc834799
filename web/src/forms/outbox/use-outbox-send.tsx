import { lazy, Suspense, useState } from 'react';
import { useLayoutData } from '../../content/hooks';
import type { OutboxEntry } from './outbox-core';
import type { OutboxFailure } from './OutboxNotice';
import type { Deliver } from './outbox-runtime';

// Loaded on the first send (the e-mail library loads then too): the modals that every
// page can open keep their first JavaScript, and the home page's, small.
const loadSender = () => import('./outbox-runtime');
const OutboxNotice = lazy(() => import('./OutboxNotice'));

/** A submission as readable text, one "Label: value" a line, for WhatsApp and e-mail. */
export function asText(fields: ReadonlyArray<readonly [label: string, value: string]>): string {
  return fields.map(([label, value]) => `${label}: ${value}`).join('\n');
}

/**
 * A form's send through the outbox: `send` resolves to whether it was delivered; after
 * a failure `notice` is what the form shows under its fields until the next send.
 * `deliver`, if given, makes the first request instead of sending the stored fields.
 */
export function useOutboxSend() {
  const { email: settings } = useLayoutData();
  const [failure, setFailure] = useState<OutboxFailure | null>(null);

  async function send(
    input: Pick<OutboxEntry, 'form' | 'templateId' | 'params' | 'subject' | 'text'>,
    deliver?: Deliver,
  ): Promise<boolean> {
    setFailure(null);
    const { sendThroughOutbox } = await loadSender();
    const { id, attempt } = await sendThroughOutbox(settings, input, deliver);
    if (attempt.outcome === 'sent') return true;
    if (attempt.outcome === 'failed') {
      setFailure({ id, form: input.form, transient: attempt.entry.state === 'failed-transient' });
      (await loadSender()).showOutboxStatus(settings);
    }
    return false;
  }

  return {
    send,
    notice: failure && (
      <Suspense fallback={null}>
        <OutboxNotice failure={failure} />
      </Suspense>
    ),
  };
}
