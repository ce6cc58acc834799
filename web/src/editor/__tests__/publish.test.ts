import { describe, expect, it } from 'vitest';
import type { PublishConflict } from '../logic/api.gen';
import { conflictPlace, conflictValue, shortCommit, takeTheirs, versionDate, whatToDo } from '../logic/publish';

const product = (field: string | null, ours: PublishConflict['ours'], theirs: PublishConflict['theirs']): PublishConflict => ({
  path: 'products.toml',
  entry: { array: 'product', id: 17, title: 'Hemodialysis Machine', words: 'Product 17 · Hemodialysis Machine' },
  field,
  ours,
  theirs,
  words: '',
});

describe('a refused publish', () => {
  it('says what to do in the editor for a conflict and a missing author, else as the catalogue', () => {
    expect(whatToDo({ code: 'E1107', hint: 'sitegen publish --keep-mine' })).toContain('keep yours');
    expect(whatToDo({ code: 'E1107', hint: 'sitegen publish --keep-mine' })).not.toContain('--keep-mine');
    expect(whatToDo({ code: 'E1108', hint: 'git config --global' })).toContain('name and e-mail address below');
    expect(whatToDo({ code: 'E1105', hint: 'check the network connection' })).toBe('check the network connection');
  });

  it('names each conflict by its entry and field, or its file', () => {
    expect(conflictPlace(product('short_description', 'a', 'b'))).toBe('Product 17 · Hemodialysis Machine: short description');
    expect(conflictPlace(product(null, null, {}))).toBe('Product 17 · Hemodialysis Machine');
    expect(conflictPlace({ ...product(null, 'changed', null), entry: null, path: 'media/a.jpg' })).toBe('media/a.jpg');
    expect(conflictValue(null)).toBe('(removed)');
    expect(conflictValue('HD-2')).toBe('HD-2');
    expect(conflictValue(['a'])).toBe('[\n "a"\n]');
  });
});

describe('taking a colleague’s values', () => {
  it('sets each field to theirs, based on mine, one save per file', () => {
    const settings: PublishConflict = { path: 'site.toml', entry: null, field: 'contact.phones', ours: ['1'], theirs: ['2'], words: '' };
    expect(takeTheirs([product('model', 'HD-2', 'HD-3'), product('title', 'A', 'B'), settings])).toEqual({
      saves: [
        {
          path: 'products.toml',
          changes: [
            { op: 'set', entry: 17, field: ['model'], value: 'HD-3', base: 'HD-2' },
            { op: 'set', entry: 17, field: ['title'], value: 'B', base: 'A' },
          ],
        },
        { path: 'site.toml', changes: [{ op: 'set', field: ['contact', 'phones'], value: ['2'], base: ['1'] }] },
      ],
      notTaken: [],
    });
  });

  it('removes an entry they removed, adds back one they kept, and leaves a whole file to the person', () => {
    const media: PublishConflict = { path: 'media/a.jpg', entry: null, field: null, ours: 'changed', theirs: 'changed', words: '' };
    const kept = { id: 17, title: 'Theirs' };
    expect(takeTheirs([product(null, { id: 17 }, null), product(null, null, kept), media])).toEqual({
      saves: [
        {
          path: 'products.toml',
          changes: [
            { op: 'remove', entry: 17 },
            { op: 'add', entry: kept },
          ],
        },
      ],
      notTaken: [media],
    });
  });
});

describe('commits and versions', () => {
  it('shows a commit by its first 7 digits and a version by its author’s date and time', () => {
    expect(shortCommit('0123456789abcdef')).toBe('0123456');
    expect(versionDate('2026-12-06T09:12:40+01:00')).toBe('2026-12-06 09:12');
  });
});
