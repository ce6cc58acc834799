/** A `tel:` URL from a phone number as written ("+91 00000 00001" → "tel:+910000000001"). */
export function telHref(phone: string): string {
  return 'tel:' + phone.replace(/[^\d+]/g, '');
}

export function mailtoHref(email: string): string {
  return 'mailto:' + email;
}

/**
 * A WhatsApp link with `text` to the number of the company's chat link (content's
 * `chat_url`, `https://wa.me/NUMBER`); `null` when that link is not a wa.me number.
 */
export function whatsAppUrl(chatUrl: string, text: string): string | null {
  const number = /^https:\/\/wa\.me\/(\d+)/.exec(chatUrl)?.[1];
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}
