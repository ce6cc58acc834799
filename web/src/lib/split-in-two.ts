/** Splits a list into two columns: the first half rounded up, then the rest. */
export function splitInTwo<T>(items: readonly T[]): [T[], T[]] {
  const firstLength = Math.ceil(items.length / 2);
  return [items.slice(0, firstLength), items.slice(firstLength)];
}
