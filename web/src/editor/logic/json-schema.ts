import type { Json } from './json';

/** The part of a JSON Schema (as `sitegen schema` writes them) that the forms are built from. */
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
  maxLength?: number;
  format?: string;
  minimum?: number;
  maximum?: number;
};
