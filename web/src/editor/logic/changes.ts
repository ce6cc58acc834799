import type { Change, Conflict, EntryId, EntrySummary, SetChange } from './api-types';
import { deepEqual, isObject, pathKey, type FieldPath, type Json } from './json';

/**
 * The `set` changes that turn `loaded` into `edited`: one per changed value, at the
 * deepest place both still share, so that a save touches only what was edited and two
 * people editing different values of one entry do not conflict. A list whose length
 * changed is set whole; an absent value is sent as null (the key is removed). `base`
 * is the value loaded.
 */
export function changesBetween(loaded: Json | undefined, edited: Json | undefined, entry?: EntryId): SetChange[] {
  const changes: SetChange[] = [];
  const walk = (before: Json | undefined, after: Json | undefined, field: FieldPath) => {
    if (deepEqual(before, after)) return;
    if (isObject(before) && isObject(after)) {
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) walk(before[key], after[key], [...field, key]);
      return;
    }
    if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
      after.forEach((item, index) => walk(before[index], item, [...field, index]));
      return;
    }
    changes.push({ op: 'set', ...(entry === undefined ? {} : { entry }), field, value: after ?? null, base: before ?? null });
  };
  walk(loaded, edited, []);
  return changes;
}

/**
 * One save's changes that set `values` (category, subcategory, draft…) on every selected
 * entry, each with the value the list loaded as its base. A value that is already so is
 * left out; `null` removes the key.
 */
export function bulkChanges(selected: readonly EntrySummary[], values: Partial<Record<'category' | 'subcategory' | 'draft', Json>>): SetChange[] {
  const changes: SetChange[] = [];
  for (const entry of selected) {
    for (const [field, value] of Object.entries(values) as [keyof typeof values, Json][]) {
      const base = entry[field] ?? null;
      if (deepEqual(base, value)) continue;
      changes.push({ op: 'set', entry: entry.id, field: [field], value, base });
    }
  }
  return changes;
}

const sameEntry = (a: EntryId | null | undefined, b: EntryId | null | undefined) => String(a ?? '') === String(b ?? '');

/**
 * The changes again, each `set` that conflicted now based on the value on disk: the
 * editor's value overwrites it, which the person chose having seen both.
 */
export function withDiskBases(changes: readonly Change[], conflicts: readonly Conflict[]): Change[] {
  return changes.map((change) => {
    if (change.op !== 'set') return change;
    const conflict = conflicts.find((found) => sameEntry(found.entry, change.entry) && pathKey(found.field) === pathKey(change.field));
    return conflict ? { ...change, base: conflict.disk } : change;
  });
}
