import type { Change, PublishAnswer, PublishConflict } from './api.gen';
import { isObject, type FieldPath } from './json';

/** A publish that was refused: its code, the catalogue's words and, for E1107, the values both sides changed. */
export type PublishRefusal = Extract<PublishAnswer, { status: 'refused' }>;

/**
 * What to do about a refusal, in the editor's terms. The catalogue's hint names the
 * terminal's way for two of them, which the Publish view offers itself.
 */
export function whatToDo(refusal: Pick<PublishRefusal, 'code' | 'hint'>): string {
  switch (refusal.code) {
    case 'E1107':
      return 'Nothing was published and your edits are still saved here. For each value below, keep yours (it is published over your colleague’s) or take your colleague’s (it is saved here instead of yours).';
    case 'E1108':
      return 'Enter your name and e-mail address below, then publish again. They are kept in this copy of the site for your next publishes.';
    default:
      return refusal.hint;
  }
}

/** A commit's short id, as git shows it: its first 7 hex digits. */
export const shortCommit = (commit: string) => commit.slice(0, 7);

/** What a conflict is about, in words: "Product 17 · Hemodialysis Machine: model", "Site settings: contact.phones", "media/x.jpg". */
export function conflictPlace(conflict: PublishConflict): string {
  const where = conflict.entry ? conflict.entry.words : conflict.path;
  return conflict.field === null ? where : `${where}: ${conflict.field.replaceAll('_', ' ')}`;
}

/** A value of a conflict as shown: `null` is a removal. */
export const conflictValue = (value: unknown) =>
  value === null || value === undefined ? '(removed)' : typeof value === 'string' ? value : JSON.stringify(value, null, 1);

/** The saves that take a colleague's values over the editor's, and the conflicts no save can take (a whole file). */
export type TakeTheirs = { saves: { path: string; changes: Change[] }[]; notTaken: PublishConflict[] };

/**
 * Saves that set each conflicting value to the colleague's, based on the editor's own
 * (what is on disk here): a field of an entry or a setting is set, an entry the
 * colleague removed is removed, one they kept while it was removed here is added back.
 * After them the file holds the colleague's values and a publish sends none of ours.
 */
export function takeTheirs(conflicts: readonly PublishConflict[]): TakeTheirs {
  const byPath = new Map<string, Change[]>();
  const notTaken: PublishConflict[] = [];
  const add = (path: string, change: Change) => byPath.set(path, [...(byPath.get(path) ?? []), change]);
  for (const conflict of conflicts) {
    const field: FieldPath | null = conflict.field === null ? null : conflict.field.split('.');
    if (conflict.entry && field) {
      add(conflict.path, { op: 'set', entry: conflict.entry.id, field, value: conflict.theirs, base: conflict.ours });
    } else if (conflict.entry && conflict.theirs === null) {
      add(conflict.path, { op: 'remove', entry: conflict.entry.id });
    } else if (conflict.entry && conflict.ours === null && isObject(conflict.theirs)) {
      add(conflict.path, { op: 'add', entry: conflict.theirs });
    } else if (!conflict.entry && field) {
      add(conflict.path, { op: 'set', field, value: conflict.theirs, base: conflict.ours });
    } else {
      notTaken.push(conflict);
    }
  }
  return { saves: [...byPath].map(([path, changes]) => ({ path, changes })), notTaken };
}

/** When a version was made, as `2026-12-06 09:12` in its author's own time. */
export const versionDate = (iso: string) => iso.slice(0, 16).replace('T', ' ');
