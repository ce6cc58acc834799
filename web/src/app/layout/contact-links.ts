/** A `tel:` URL from a phone number as written ("+91 00000 00001" → "tel:+910000000001"). */
export function telHref(phone: string): string {
  return 'tel:' + phone.replace(/[^\d+]/g, '');
}

export function mailtoHref(email: string): string {
  return 'mailto:' + email;
}
