import { describe, expect, it } from 'vitest';
import { bulkChanges, changesBetween, withDiskBases } from '../logic/changes';

const product = {
  id: 17,
  title: 'Slit Lamp',
  category: 'ophthalmic',
  specifications: [
    { name: 'Weight', value: '12 kg' },
    { name: 'Power', value: '230 V' },
  ],
};

describe('the changes of a save', () => {
  it('are none when nothing was edited', () => {
    expect(changesBetween(product, structuredClone(product), 17)).toEqual([]);
  });

  it('set only the edited value, with the loaded one as base', () => {
    const edited = { ...product, title: 'Slit Lamp II' };
    expect(changesBetween(product, edited, 17)).toEqual([{ op: 'set', entry: 17, field: ['title'], value: 'Slit Lamp II', base: 'Slit Lamp' }]);
  });

  it('reach into lists of the same length', () => {
    const edited = structuredClone(product);
    edited.specifications[1]!.value = '110 V';
    expect(changesBetween(product, edited, 17)).toEqual([
      { op: 'set', entry: 17, field: ['specifications', 1, 'value'], value: '110 V', base: '230 V' },
    ]);
  });

  it('set a list whole when items were added or removed', () => {
    const edited = { ...product, specifications: product.specifications.slice(0, 1) };
    expect(changesBetween(product, edited, 17)).toEqual([
      { op: 'set', entry: 17, field: ['specifications'], value: edited.specifications, base: product.specifications },
    ]);
  });

  it('add and remove optional keys (null removes)', () => {
    const withoutCategory: Partial<typeof product> = { ...product };
    delete withoutCategory.category;
    expect(changesBetween(product, { ...withoutCategory, draft: true }, 17)).toEqual([
      { op: 'set', entry: 17, field: ['category'], value: null, base: 'ophthalmic' },
      { op: 'set', entry: 17, field: ['draft'], value: true, base: null },
    ]);
  });

  it('leave out the entry of a document', () => {
    expect(changesBetween({ contact: { phone: '1' } }, { contact: { phone: '2' } })).toEqual([
      { op: 'set', field: ['contact', 'phone'], value: '2', base: '1' },
    ]);
  });

  it('take the value on disk as base once a conflict is to be overwritten, and only there', () => {
    const changes = changesBetween(product, { ...product, title: 'Lamp (mine)', category: 'dialysis' }, 17);
    expect(withDiskBases(changes, [{ entry: '17', field: ['title'], disk: 'Lamp (disk)', yours: 'Lamp (mine)' }])).toEqual([
      { op: 'set', entry: 17, field: ['title'], value: 'Lamp (mine)', base: 'Lamp (disk)' },
      { op: 'set', entry: 17, field: ['category'], value: 'dialysis', base: 'ophthalmic' },
    ]);
  });

  it('of a bulk edit set each selected entry, skipping values already so', () => {
    const selected = [
      { id: 1, title: 'A', category: 'dialysis', subcategory: 'General', route: null },
      { id: 2, title: 'B', category: 'ophthalmic', subcategory: 'General', draft: true, route: null },
    ];
    expect(bulkChanges(selected, { category: 'ophthalmic', subcategory: 'General', draft: null })).toEqual([
      { op: 'set', entry: 1, field: ['category'], value: 'ophthalmic', base: 'dialysis' },
      { op: 'set', entry: 2, field: ['draft'], value: null, base: true },
    ]);
  });
});
