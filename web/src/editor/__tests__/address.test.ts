import { describe, expect, it } from 'vitest';
import { placeFromQuery, queryOfPlace } from '../logic/address';
import { mediaUrl } from '../logic/api';

describe("the editor's address", () => {
  it('keeps the token of the address it was opened at, so a reload or a bookmark opens it again', () => {
    const opened = '?token=abc123';
    const query = queryOfPlace({ file: 'products.toml', entry: 17 }, opened);
    expect(query).toBe('?token=abc123&file=products.toml&entry=17');
    expect(queryOfPlace({ file: 'site.toml', entry: null }, query)).toBe('?token=abc123&file=site.toml');
    expect(placeFromQuery(query)).toEqual({ file: 'products.toml', entry: 17, settings: false });
  });

  it('has no token where it was opened without one', () => {
    expect(queryOfPlace({ file: 'products.toml', entry: 'new' }, '?file=x')).toBe('?file=products.toml');
    expect(queryOfPlace({ file: null, entry: null }, '')).toBe('');
  });
});

describe('a media file’s address', () => {
  it('carries the token, which an image cannot send as a header', () => {
    document.head.innerHTML = '<meta name="sitegen-edit-token" content="f00d">';
    expect(mediaUrl('media/brand/My Logo.svg')).toBe('/_edit/media/brand/My%20Logo.svg?token=f00d');
  });
});
