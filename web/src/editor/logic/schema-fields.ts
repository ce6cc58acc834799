import type { JsonSchema } from './json-schema';
import type { Json, JsonObject } from './json';

/**
 * A form field described by the content's JSON Schema (the one `sitegen check` validates
 * with): what control edits it is read from the schema alone, so a field added to the
 * content types shows in the editor with no editor code.
 */
export type Field = {
  /** The key in its object ('' for a list's items). */
  name: string;
  description: string;
  required: boolean;
  control: Control;
};

export type Control =
  | { kind: 'text'; multiline: boolean; pattern?: string; maxLength?: number }
  | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number }
  | { kind: 'checkbox' }
  | { kind: 'choice'; options: string[] }
  /** A category id of the catalogue; its sibling `subcategory` takes that category's. */
  | { kind: 'category' }
  | { kind: 'subcategory' }
  | { kind: 'media'; media: 'image' | 'pdf' | 'any' }
  | { kind: 'list'; item: Field }
  | { kind: 'group'; fields: Field[] }
  /** A shape no control fits (edited as JSON text). */
  | { kind: 'json' };

/** Key names whose strings are prose: a multi-line box. */
const PROSE_NAME = /(^|_)(description|body|text|paragraphs?|summary|intro|content|bio|message|answer|details)$/;

/** Follows `$ref`s (`#/$defs/Name`) within the root schema. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let here = schema;
  for (let hops = 0; here.$ref && hops < 32; hops++) {
    const name = /^#\/\$defs\/(.+)$/.exec(here.$ref)?.[1];
    const target = name === undefined ? undefined : root.$defs?.[decodeURIComponent(name)];
    if (!target) throw new Error(`the schema refers to ${here.$ref}, which it does not define`);
    // Keywords beside a $ref (a description, say) win over the target's.
    const beside: JsonSchema = { ...here };
    delete beside.$ref;
    here = { ...target, ...beside };
  }
  return here;
}

/** The schema's type, leaving out "null" (an optional value is edited as absent). */
function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

function mediaOf(pattern: string | undefined): 'image' | 'pdf' | 'any' | undefined {
  if (!pattern?.startsWith('^media/')) return undefined;
  return /\\\.pdf\$?$/.test(pattern) ? 'pdf' : 'image';
}

/**
 * The group controls of the `$defs` met so far: a type that holds itself (a menu entry's
 * dropdown of menu entries) shares one control, which the form unfolds only as deep as
 * the content goes.
 */
type Groups = Map<string, Control>;

/** The field of `schema` under the key `name` of an object whose siblings are `siblings`. */
export function fieldOf(
  name: string,
  schema: JsonSchema,
  root: JsonSchema,
  required: boolean,
  siblings: readonly string[] = [],
  groups: Groups = new Map(),
): Field {
  const resolved = resolveRef(schema, root);
  const field = (control: Control): Field => ({ name, description: resolved.description ?? '', required, control });
  const type = typeOf(resolved);
  if (resolved.enum && resolved.enum.every((option) => typeof option === 'string')) {
    return field({ kind: 'choice', options: resolved.enum as string[] });
  }
  switch (type) {
    case 'string': {
      const media = mediaOf(resolved.pattern);
      if (media) return field({ kind: 'media', media });
      if (name === 'category' && siblings.includes('subcategory')) return field({ kind: 'category' });
      if (name === 'subcategory' && siblings.includes('category')) return field({ kind: 'subcategory' });
      return field({ kind: 'text', multiline: PROSE_NAME.test(name), pattern: resolved.pattern, maxLength: resolved.maxLength });
    }
    case 'integer':
    case 'number':
      return field({ kind: 'number', integer: type === 'integer', minimum: resolved.minimum, maximum: resolved.maximum });
    case 'boolean':
      return field({ kind: 'checkbox' });
    case 'array':
      if (!resolved.items) return field({ kind: 'json' });
      return field({ kind: 'list', item: fieldOf('', resolved.items, root, true, [], groups) });
    case 'object': {
      if (!resolved.properties) return field({ kind: 'json' });
      const known = schema.$ref === undefined ? undefined : groups.get(schema.$ref);
      if (known) return field(known);
      const group: Control = { kind: 'group', fields: [] };
      if (schema.$ref !== undefined) groups.set(schema.$ref, group);
      group.fields.push(...fieldsOf(resolved, root, groups));
      return field(group);
    }
    default:
      return field({ kind: 'json' });
  }
}

/** The fields of an object schema, required ones first, each group in the schema's order. */
export function fieldsOf(schema: JsonSchema, root: JsonSchema = schema, groups: Groups = new Map()): Field[] {
  const resolved = resolveRef(schema, root);
  const properties = resolved.properties ?? {};
  const required = new Set(resolved.required ?? []);
  const names = Object.keys(properties);
  const ordered = [...(resolved.required ?? []).filter((name) => name in properties), ...names.filter((name) => !required.has(name))];
  return ordered.map((name) => fieldOf(name, properties[name] as JsonSchema, root, required.has(name), names, groups));
}

/**
 * The schema of one entry of an entries file: the items of the file's table
 * (`product` of products.toml), with the file's `$defs` to resolve against.
 */
export function entrySchema(fileSchema: JsonSchema, table: string): JsonSchema {
  const array = fileSchema.properties?.[table];
  const items = array && resolveRef(array, fileSchema).items;
  if (!items) throw new Error(`the file's schema has no table "${table}"`);
  return { ...resolveRef(items, fileSchema), $defs: fileSchema.$defs };
}

/**
 * The schema of an entries file without its table: the file's other keys (the
 * catalogue's page size), edited as a document of their own. Null when there are none.
 */
export function settingsSchema(fileSchema: JsonSchema, table: string): JsonSchema | null {
  const others = Object.fromEntries(Object.entries(fileSchema.properties ?? {}).filter(([name]) => name !== table));
  if (Object.keys(others).length === 0) return null;
  return { ...fileSchema, properties: others, required: (fileSchema.required ?? []).filter((name) => name !== table) };
}

/** A fresh value for a field: what a new list item or entry starts with (required parts only). */
export function emptyValue(field: Field): Json {
  const control = field.control;
  switch (control.kind) {
    case 'number':
      return control.minimum !== undefined && control.minimum > 0 ? control.minimum : 0;
    case 'checkbox':
      return false;
    case 'choice':
      return control.options[0] ?? '';
    case 'list':
      return [];
    case 'group':
      return emptyObject(control.fields);
    case 'json':
      return null;
    default:
      return '';
  }
}

export function emptyObject(fields: Field[]): JsonObject {
  return Object.fromEntries(fields.filter((field) => field.required).map((field) => [field.name, emptyValue(field)]));
}

/** "short_name" → "Short name": the field's label, from its key. */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The path keys of every field a form of `fields` shows for `value`: its fields, their
 * groups' fields, each list and each of its items. Problems are placed at these.
 */
export function shownFieldKeys(fields: readonly Field[], value: Json | undefined, start: (string | number)[] = []): Set<string> {
  const keys = new Set<string>();
  const walk = (field: Field, here: Json | undefined, path: (string | number)[]) => {
    keys.add(path.join('.'));
    const control = field.control;
    if (control.kind === 'group' && here !== null && typeof here === 'object' && !Array.isArray(here)) {
      for (const inner of control.fields) walk(inner, here[inner.name], [...path, inner.name]);
    } else if (control.kind === 'list' && Array.isArray(here)) {
      here.forEach((item, index) => walk(control.item, item, [...path, index]));
    }
  };
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  for (const field of fields) walk(field, object[field.name], [...start, field.name]);
  return keys;
}

/**
 * A schema description (a Rust doc comment) as plain text and code: `code` spans, and
 * links to Rust items (`[`NAME`](crate::NAME)`) shown as their text.
 */
export function descriptionParts(description: string): { text: string; code: boolean }[] {
  const plain = description.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s*\n\s*/g, ' ');
  return plain
    .split('`')
    .map((text, index) => ({ text, code: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
