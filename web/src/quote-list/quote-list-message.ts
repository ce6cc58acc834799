// The quote list as text: the e-mail's items, the WhatsApp message, one product a line.
import type { QuoteItem } from './quote-list-store';

/** One line per item: "Hemodialysis Machine (id 12): quantity 3". */
export function itemsAsText(items: readonly Pick<QuoteItem, 'id' | 'title' | 'quantity'>[]): string {
  return items.map((item) => `${item.title} (id ${item.id}): quantity ${item.quantity}`).join('\n');
}

/** What the visitor fills in to send the list. */
export type QuoteListValues = { name: string; contact: string; email: string; organisation: string; message: string };

/** The quote template's parameters: the quote modal's fields, the organisation and the items. */
export function quoteListParams(
  values: QuoteListValues,
  items: readonly QuoteItem[],
): QuoteListValues & { items: string; item_count: string } {
  return {
    name: values.name.trim(),
    contact: values.contact.trim(),
    email: values.email.trim(),
    organisation: values.organisation.trim(),
    message: values.message.trim(),
    items: itemsAsText(items),
    item_count: String(items.length),
  };
}

/** The WhatsApp text: a greeting line, the items, then the visitor's message when there is one. */
export function whatsAppText(items: readonly QuoteItem[], message: string): string {
  const parts = ['Quote request:', itemsAsText(items)];
  if (message.trim()) parts.push('', message.trim());
  return parts.join('\n');
}
