import { describe, expect, it } from 'vitest';
import { whatsAppUrl } from '../../lib/contact-links';
import { itemsAsText, quoteListParams, whatsAppText } from '../quote-list-message';
import type { QuoteItem } from '../quote-list-store';

const IMAGE = { src: '/media/x.svg', width: 1, height: 1 };
const ITEMS: QuoteItem[] = [
  { id: 12, title: 'RO Unit', slug: 'ro-unit', category: 'dialysis', categoryName: 'Dialysis', image: IMAGE, quantity: 2 },
  { id: 40, title: 'ICU Bed', slug: 'icu-bed', category: 'icu', categoryName: 'ICU', image: IMAGE, quantity: 10 },
];

describe('the quote list as text', () => {
  it('has one line per item with title, id and quantity', () => {
    expect(itemsAsText(ITEMS)).toBe('RO Unit (id 12): quantity 2\nICU Bed (id 40): quantity 10');
  });

  it("gives the quote template the visitor's fields, the items and their count", () => {
    const values = { name: ' Asha ', contact: '9876543210', email: 'a@b.in', organisation: '', message: ' Tender 7 ' };
    expect(quoteListParams(values, ITEMS)).toEqual({
      name: 'Asha',
      contact: '9876543210',
      email: 'a@b.in',
      organisation: '',
      message: 'Tender 7',
      items: 'RO Unit (id 12): quantity 2\nICU Bed (id 40): quantity 10',
      item_count: '2',
    });
  });

  it('builds a wa.me link to the number of the chat link, with the list and the message', () => {
    const url = whatsAppUrl('https://wa.me/910000000000', whatsAppText(ITEMS, 'For ward 3'));
    expect(url).not.toBeNull();
    const parsed = new URL(url ?? '');
    expect(parsed.origin + parsed.pathname).toBe('https://wa.me/910000000000');
    expect(parsed.searchParams.get('text')).toBe(
      'Quote request:\nRO Unit (id 12): quantity 2\nICU Bed (id 40): quantity 10\n\nFor ward 3',
    );
  });

  it('has no WhatsApp link when the chat link is not a wa.me number', () => {
    expect(whatsAppUrl('https://example.com/chat', 'x')).toBeNull();
  });
});
