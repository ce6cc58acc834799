// The least the frame needs of the outbox on every page (the home page's JavaScript
// budget): whether anything waits in it, and when that changes. The rest loads only
// when it does.
import type { EmailSettings } from '../email/email-client';

import { OUTBOX_STORAGE_KEY } from './outbox-key';

/** On a page load: when the outbox holds anything, loads the indicator and the retries. */
export function watchOutbox(settings: EmailSettings): void {
  try {
    if (localStorage.getItem(OUTBOX_STORAGE_KEY) !== null) {
      void import('./outbox-runtime').then((runtime) => runtime.showOutboxStatus(settings));
    }
  } catch {
    // Storage is blocked: nothing was kept.
  }
}
