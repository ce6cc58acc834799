import { loadEmailLibrary } from './email/email-client';
import { loadToasts } from './toast/notify';

/**
 * Starts loading the e-mail and toast libraries and the outbox when a form is first used
 * (focused): a send that fails because the network is gone must still find them.
 */
export function preloadFormLibraries(): void {
  loadEmailLibrary().catch(() => {});
  loadToasts().catch(() => {});
  import('./outbox/outbox-runtime').catch(() => {});
  import('./outbox/OutboxNotice').catch(() => {});
}

/** Moves focus to the form's field named `name` (the first invalid one). */
export function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
