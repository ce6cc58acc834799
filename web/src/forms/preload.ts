import { loadEmailLibrary } from './email/email-client';
import { loadToasts } from './toast/notify';

/** Starts loading the e-mail and toast libraries when a form is first used (focused). */
export function preloadFormLibraries(): void {
  loadEmailLibrary().catch(() => {});
  loadToasts().catch(() => {});
}

/** Moves focus to the form's field named `name` (the first invalid one). */
export function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
