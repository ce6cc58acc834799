/** A JSON value, as the editor's API sends and takes them. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A place inside a value: object keys and array indexes, outermost first. */
export type FieldPath = (string | number)[];

export const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

/** The value at `path`, or undefined when some step is missing. */
export function getIn(value: Json | undefined, path: FieldPath): Json | undefined {
  let here = value;
  for (const step of path) {
    if (typeof step === 'number' ? !Array.isArray(here) : !isObject(here)) return undefined;
    here = (here as Record<string | number, Json>)[step];
  }
  return here;
}

/**
 * A copy of `value` with `next` at `path` (objects and arrays on the way are copied,
 * the rest shared); `undefined` removes an object's key.
 */
export function setIn(value: Json | undefined, path: FieldPath, next: Json | undefined): Json {
  if (path.length === 0) return next ?? null;
  const [step, ...rest] = path as [string | number, ...FieldPath];
  if (typeof step === 'number') {
    const array = Array.isArray(value) ? [...value] : [];
    array[step] = setIn(array[step], rest, next);
    return array;
  }
  const object: JsonObject = isObject(value) ? { ...value } : {};
  const inner = rest.length === 0 ? next : setIn(object[step], rest, next);
  if (inner === undefined) delete object[step];
  else object[step] = inner;
  return object;
}

/** A stable key of a path, for maps and element ids. */
export const pathKey = (path: FieldPath): string => path.join('.');
