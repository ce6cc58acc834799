import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../logic/json-schema';
import { descriptionParts, emptyObject, entrySchema, fieldsOf, labelOf, settingsSchema, shownFieldKeys, type Field } from '../logic/schema-fields';

const schema = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../../schemas', `${name}.schema.json`), 'utf8')) as JsonSchema;
const byName = (fields: Field[], name: string) => {
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
};

describe('the fields of a schema', () => {
  const product = fieldsOf(entrySchema(schema('products'), 'product'));

  it('are the properties of a product, required first, with their descriptions', () => {
    // Read from the schema, so that a new optional field of the model needs no edit here.
    const entry = entrySchema(schema('products'), 'product');
    const required = entry.required ?? [];
    expect(required).toEqual(['id', 'title', 'description', 'category', 'subcategory']);
    const optional = Object.keys(entry.properties ?? {}).filter((name) => !required.includes(name));
    expect(optional).toContain('brochure');
    expect(product.map((field) => [field.name, field.required])).toEqual([
      ...required.map((name) => [name, true]),
      ...optional.map((name) => [name, false]),
    ]);
    expect(byName(product, 'title').description).toBe('The title (titles may repeat).');
  });

  it('get a control by their type', () => {
    expect(byName(product, 'id').control).toMatchObject({ kind: 'number', integer: true });
    expect(byName(product, 'title').control).toMatchObject({ kind: 'text', multiline: false });
    expect(byName(product, 'description').control).toMatchObject({ kind: 'text', multiline: true });
    expect(byName(product, 'draft').control).toEqual({ kind: 'checkbox' });
    expect(byName(product, 'category').control).toEqual({ kind: 'category' });
    expect(byName(product, 'subcategory').control).toEqual({ kind: 'subcategory' });
    expect(byName(product, 'image').control).toEqual({ kind: 'media', media: 'image' });
    expect(byName(product, 'brochure').control).toEqual({ kind: 'media', media: 'pdf' });
    expect(byName(product, 'aliases').control).toMatchObject({ kind: 'list', item: { control: { kind: 'text' } } });
  });

  it('follow $ref into lists of objects', () => {
    const specifications = byName(product, 'specifications').control;
    expect(specifications.kind).toBe('list');
    if (specifications.kind !== 'list' || specifications.item.control.kind !== 'group') throw new Error('not a list of groups');
    expect(specifications.item.description).toMatch(/One specification/);
    expect(specifications.item.control.fields.map((field) => field.name)).toEqual(['name', 'value']);
  });

  it('offer an enum as a choice', () => {
    const registration = fieldsOf(entrySchema(schema('certificates'), 'registration'));
    expect(byName(registration, 'type').control).toEqual({ kind: 'choice', options: ['PCMM', 'PCMD'] });
  });

  it('nest a document’s tables as groups', () => {
    const site = fieldsOf(schema('site'));
    const contact = byName(site, 'contact').control;
    if (contact.kind !== 'group') throw new Error('contact is not a group');
    expect(byName(contact.fields, 'emails').control).toMatchObject({ kind: 'list', item: { control: { kind: 'text' } } });
  });

  it('show a new property with no editor code', () => {
    const grown: JsonSchema = {
      type: 'object',
      properties: { warranty_years: { type: 'integer', description: 'Years of warranty.' } },
    };
    expect(fieldsOf(grown)).toEqual([
      { name: 'warranty_years', description: 'Years of warranty.', required: false, control: { kind: 'number', integer: true } },
    ]);
  });

  it('cover every committed schema without a field left to JSON text', () => {
    const dir = path.join(import.meta.dirname, '../../../../schemas');
    const seen = new Set<Field['control']>();
    const walk = (fields: Field[]): string[] =>
      fields.flatMap((field) => {
        const control = field.control;
        if (seen.has(control)) return [];
        seen.add(control);
        if (control.kind === 'json') return [field.name];
        if (control.kind === 'group') return walk(control.fields);
        if (control.kind === 'list') return walk([control.item]);
        return [];
      });
    for (const file of ['about', 'catalogue', 'certificates', 'home', 'navigation', 'pages', 'policy', 'products', 'services', 'site', 'synonyms', 'timeline']) {
      expect(walk(fieldsOf(schema(file))), `${dir}/${file}`).toEqual([]);
    }
  });

  it('start a new entry with its required fields', () => {
    expect(emptyObject(product)).toEqual({ id: 0, title: '', description: '', category: '', subcategory: '' });
  });

  it('label a key in words', () => {
    expect(labelOf('short_name')).toBe('Short name');
    expect(labelOf('top_bar_phones')).toBe('Top bar phones');
  });
});

describe('a type that holds itself', () => {
  it('shares one control, as deep as the content goes', () => {
    const navigation = fieldsOf(schema('navigation'));
    const menu = byName(navigation, 'item').control;
    if (menu.kind !== 'list' || menu.item.control.kind !== 'group') throw new Error('item is not a list of groups');
    const entries = byName(menu.item.control.fields, 'entries').control;
    expect(entries.kind === 'list' && entries.item.control).toBe(menu.item.control);
  });
});

describe('the fields a form shows', () => {
  it('are each field, each list, each item and its fields', () => {
    const product = fieldsOf(entrySchema(schema('products'), 'product'));
    const keys = shownFieldKeys(product, { id: 1, specifications: [{ name: 'Weight', value: '1 kg' }] });
    expect(keys).toContain('title');
    expect(keys).toContain('specifications.0');
    expect(keys).toContain('specifications.0.value');
    expect(keys).not.toContain('specifications.1');
  });
});

describe('a description', () => {
  it('shows code spans as code and Rust links as their text', () => {
    expect(descriptionParts('How many a page shows, default\n[`DEFAULT_PAGE_SIZE`](crate::DEFAULT_PAGE_SIZE); see `/products`.')).toEqual([
      { text: 'How many a page shows, default ', code: false },
      { text: 'DEFAULT_PAGE_SIZE', code: true },
      { text: '; see ', code: false },
      { text: '/products', code: true },
      { text: '.', code: false },
    ]);
  });
});

describe('the settings of an entries file', () => {
  it('are its keys beside the table, or none', () => {
    const catalogue = settingsSchema(schema('catalogue'), 'category');
    expect(catalogue && fieldsOf(catalogue).map((field) => field.name)).toEqual(['page_size']);
    expect(settingsSchema(schema('products'), 'product')).toBeNull();
  });
});
