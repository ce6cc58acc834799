/** A gap between page numbers that are not shown. */
export const GAP = 'gap';

export type PageItem = number | typeof GAP;

/**
 * The page numbers a pagination shows for page `current` of `count`: the first and
 * the last, the current one with its neighbours, and a gap for each run of pages left
 * out (a run of one page is shown instead: a gap would take as much room).
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count < 1) return [];
  const shown = new Set([1, count, current - 1, current, current + 1]);
  const items: PageItem[] = [];
  for (let page = 1; page <= count; page += 1) {
    if (shown.has(page) || (shown.has(page - 1) && shown.has(page + 1))) {
      items.push(page);
    } else if (items[items.length - 1] !== GAP) {
      items.push(GAP);
    }
  }
  return items;
}
