import type { EntryId, Problem } from './api-types';
import { pathKey, type FieldPath } from './json';

/** Where a problem is shown: at a field of the open form, at the form's top, or elsewhere. */
export type ProblemPlaces = {
  /** By field path key: the problems at that field (or at a field under it that the form does not show). */
  atField: Map<string, Problem[]>;
  /** The open entry's (or document's) problems with no field the form shows. */
  atForm: Problem[];
  /** Problems of other files or entries. */
  elsewhere: Problem[];
};

const sameEntry = (a: EntryId | null | undefined, b: EntryId | null | undefined) =>
  (a ?? null) === (b ?? null) || (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b));

/** The longest start of `field` that is one of the form's fields, or null. */
export function nearestField(field: FieldPath, shown: ReadonlySet<string>): FieldPath | null {
  for (let length = field.length; length > 0; length--) {
    const start = field.slice(0, length);
    if (shown.has(pathKey(start))) return start;
  }
  return null;
}

/**
 * Sorts `problems` by where the open form shows them: `file` and `entry` say what is open
 * (entry undefined for a document), `shown` holds the path keys of the fields it renders.
 */
export function placeProblems(
  problems: readonly Problem[],
  file: string,
  entry: EntryId | undefined,
  shown: ReadonlySet<string>,
): ProblemPlaces {
  const places: ProblemPlaces = { atField: new Map(), atForm: [], elsewhere: [] };
  for (const problem of problems) {
    if (problem.file !== file || (entry !== undefined && !sameEntry(problem.entry, entry))) {
      places.elsewhere.push(problem);
      continue;
    }
    const field = problem.field && nearestField(problem.field, shown);
    if (!field) {
      places.atForm.push(problem);
      continue;
    }
    const key = pathKey(field);
    places.atField.set(key, [...(places.atField.get(key) ?? []), problem]);
  }
  return places;
}

/** The element id of a field of the form, which problem links point at. */
export const fieldElementId = (field: FieldPath): string => `field-${field.length ? pathKey(field) : 'entry'}`.replace(/[^\w.-]/g, '_');

/** "products.toml:12:9, product 17, specifications 2 value": where a problem is, in words. */
export function problemPlace(problem: Problem): string {
  const parts = problem.file === null ? [] : [`${problem.file}${problem.line ? `:${problem.line}:${problem.column ?? 1}` : ''}`];
  if (problem.entry !== null) parts.push(`entry ${problem.entry}`);
  if (problem.field?.length) parts.push(problem.field.join(' › '));
  return parts.join(', ') || 'the site';
}
