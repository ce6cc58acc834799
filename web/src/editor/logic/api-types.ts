import type { Change, Conflicted, Refused, Saved, Undone, Uploaded } from './api.gen';

// The shapes of the editor's HTTP API are generated from the server's declarations
// (api.gen.ts, by `sitegen gen`); what is written here is the front end's own.

export type { Category, Change, Conflict, ContentFile, EntryId, EntryList, EntrySummary, MediaFile, Options, Problem } from './api.gen';

/** A `set` change: what the forms and the list compute. */
export type SetChange = Extract<Change, { op: 'set' }>;

/** What a save came to, told by its HTTP status: 200, 422 or 409. */
export type SaveResult =
  | ({ status: 'saved' } & Saved)
  | ({ status: 'refused' } & Pick<Refused, 'problems'>)
  | ({ status: 'conflict' } & Pick<Conflicted, 'conflicts'>);

/** What an undo came to: 200 or 422. */
export type UndoResult = ({ status: 'undone' } & Undone) | ({ status: 'refused' } & Pick<Refused, 'problems'>);

/** What an upload came to: 201, or 409 when the name is taken. */
export type UploadResult = ({ status: 'uploaded' } & Uploaded) | { status: 'exists' };
