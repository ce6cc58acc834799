import type { FieldPath, Json, JsonObject } from './json';

// The shapes of the editor's HTTP API (the back end in sitegen serve); see the editor's
// contract in docs.

export type EntryId = number | string;

export type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  description?: string;
  title?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: Json[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

export type ContentFile = {
  path: string;
  title: string;
  holds: string;
  kind: 'entries' | 'document';
  table: string | null;
  schema: JsonSchema;
  revision: string;
};

export type EntrySummary = {
  id: EntryId;
  title: string;
  category?: string;
  subcategory?: string;
  draft?: boolean;
  route: string | null;
};

export type EntryList = { revision: string; next_id: number | null; entries: EntrySummary[] };

/** `name` is the id a product's `category` holds; `title` is what people read. */
export type Category = { name: string; title?: string; subcategories: string[] };
export type MediaFile = { path: string; kind: 'image' | 'pdf'; bytes: number; width?: number; height?: number };
export type Options = { categories: Category[]; media: MediaFile[] };

export type Problem = {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  hint: string | null;
  /** Null for a problem of no file; line and column null for one of a whole file. */
  file: string | null;
  line: number | null;
  column: number | null;
  entry: EntryId | null;
  field: FieldPath | null;
};

export type SetChange = { op: 'set'; entry?: EntryId; field: FieldPath; value: Json; base: Json };
export type Change = SetChange | { op: 'add'; entry: JsonObject } | { op: 'remove'; entry: EntryId };

export type Conflict = { entry: EntryId | null; field: FieldPath; disk: Json; yours: Json };

export type SaveResult =
  | { status: 'saved'; written: boolean; revision: string; warnings: Problem[] }
  | { status: 'refused'; problems: Problem[] }
  | { status: 'conflict'; conflicts: Conflict[] };
