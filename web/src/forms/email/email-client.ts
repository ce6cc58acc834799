// Sends the forms through @emailjs/browser, loaded on first use (it is not in any page's
// first JavaScript). The keys, ids and API origin come from content (layout data).
import type * as EmailLibraryModule from '@emailjs/browser';
import type { Layout } from '../../content/types';
import { isDelivered, toSendFailure, type SendFailure, type SendResponse } from './send-failure';

/** The e-mail settings of content/site.toml [email]. */
export type EmailSettings = Layout['email'];

/** What a send resolves to: delivered, or the reason it was not. */
export type SendResult = { ok: true } | { ok: false; failure: SendFailure };

type EmailLibrary = typeof EmailLibraryModule;

let library: Promise<EmailLibrary> | null = null;

/** Starts loading the e-mail library (e.g. when a form is first focused). */
export function loadEmailLibrary(): Promise<EmailLibrary> {
  library ??= import('@emailjs/browser').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

async function deliver(settings: EmailSettings, request: (emailjs: EmailLibrary) => Promise<SendResponse>) {
  try {
    const emailjs = await loadEmailLibrary();
    // The origin is only read from the library's global settings; headless blocking and
    // rate limiting stay off (the spec's defaults).
    emailjs.init({ publicKey: settings.publicKey, origin: settings.origin });
    const response = await request(emailjs);
    return isDelivered(response) ? { ok: true as const } : { ok: false as const, failure: toSendFailure(response) };
  } catch (error) {
    const failure = toSendFailure(error);
    console.warn('The e-mail was not sent:', failure);
    return { ok: false as const, failure };
  }
}

/** Sends `params` through the template `templateId` (`POST /api/v1.0/email/send`). */
export function sendEmail(
  settings: EmailSettings,
  templateId: string,
  params: Record<string, string>,
): Promise<SendResult> {
  return deliver(settings, (emailjs) => emailjs.send(settings.serviceId, templateId, params));
}

/** Sends a form's named fields, files included (`POST /api/v1.0/email/send-form`). */
export function sendEmailForm(settings: EmailSettings, templateId: string, form: HTMLFormElement): Promise<SendResult> {
  return deliver(settings, (emailjs) => emailjs.sendForm(settings.serviceId, templateId, form));
}
