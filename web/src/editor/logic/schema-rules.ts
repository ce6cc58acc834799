import type { EntryId, Problem } from './api-types';
import { labelOf, type Field } from './schema-fields';
import { isObject, type FieldPath, type Json } from './json';

/** A text that breaks its schema's `maxLength` or `pattern`, found before a save. */
export type RuleBreak = { path: FieldPath; message: string };

/** The length a JSON Schema's `maxLength` counts: characters (code points), not UTF-16 units. */
const lengthOf = (text: string) => [...text].length;

/** The schema's pattern as a JavaScript expression; null when JavaScript cannot read it (the save's check still applies it). */
function patternOf(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

/** What the pattern asks, in words where it is one the schemas use, else the pattern itself. */
function patternWords(pattern: string): string {
  if (pattern === '\\S') return 'must not be empty or only spaces';
  return `must match the pattern ${pattern}`;
}

/** The break of one text by its field's rules, if any. */
function textBreak(field: Field, text: string): string | null {
  const control = field.control;
  if (control.kind !== 'text') return null;
  const length = lengthOf(text);
  if (control.maxLength !== undefined && length > control.maxLength) {
    return `is ${length} characters long: at most ${control.maxLength} fit`;
  }
  const pattern = control.pattern === undefined ? null : patternOf(control.pattern);
  if (control.pattern !== undefined && pattern && !pattern.test(text)) return patternWords(control.pattern);
  return null;
}

/**
 * Every text of `value` that breaks its field's `maxLength` or `pattern`, with its path
 * (under `start`): the form shows each at its field and sends no save while any remains.
 */
export function ruleBreaks(fields: readonly Field[], value: Json | undefined, start: FieldPath = []): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  const walk = (field: Field, here: Json | undefined, path: FieldPath) => {
    const control = field.control;
    if (typeof here === 'string') {
      const message = textBreak(field, here);
      if (message) breaks.push({ path, message });
    } else if (control.kind === 'group' && isObject(here)) {
      for (const inner of control.fields) walk(inner, here[inner.name], [...path, inner.name]);
    } else if (control.kind === 'list' && Array.isArray(here)) {
      here.forEach((item, index) => walk(control.item, item, [...path, index]));
    }
  };
  const object = isObject(value) ? value : {};
  for (const field of fields) walk(field, object[field.name], [...start, field.name]);
  return breaks;
}

/**
 * The breaks as problems of `file` (and `entry`), placed at their fields like the save's
 * own: no code, since no check of the site found them.
 */
export function breakProblems(breaks: readonly RuleBreak[], file: string, entry: EntryId | undefined): Problem[] {
  return breaks.map(({ path, message }) => {
    const named = [...path].reverse().find((step) => typeof step === 'string') ?? '';
    return { code: '', severity: 'error', message: `${labelOf(named)} ${message}.`, hint: null, file, line: null, column: null, entry: entry ?? null, field: path };
  });
}
