// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GAP, pageItems } from '../page-items';
import { Pagination } from '../Pagination';

const hrefOf = (page: number) => (page === 1 ? '/products' : `/products/page/${page}`);

function rendered(current: number, count: number): string {
  return renderToString(
    <MemoryRouter>
      <Pagination label="Product pages" current={current} count={count} hrefOf={hrefOf} />
    </MemoryRouter>,
  );
}

describe('pageItems', () => {
  it('shows every page of a short listing', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the current page with its neighbours, with gaps between', () => {
    expect(pageItems(1, 209)).toEqual([1, 2, GAP, 209]);
    expect(pageItems(100, 209)).toEqual([1, GAP, 99, 100, 101, GAP, 209]);
    expect(pageItems(209, 209)).toEqual([1, GAP, 208, 209]);
  });

  it('shows a single page left out rather than a gap', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 9)).toEqual([1, GAP, 4, 5, 6, GAP, 9]);
  });

  it('has nothing for an empty listing', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('is a labelled nav of plain links, the current page marked', () => {
    const html = rendered(2, 3);
    expect(html).toContain('<nav aria-label="Product pages" class="pagination">');
    expect(html).toContain('<a rel="prev" href="/products">Previous</a>');
    expect(html).toContain('<a aria-label="Page 1" href="/products">1</a>');
    expect(html).toContain('<a aria-current="page" aria-label="Page 2" href="/products/page/2">2</a>');
    expect(html).toContain('<a rel="next" href="/products/page/3">Next</a>');
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
  });

  it('has no Previous on the first page and no Next on the last', () => {
    expect(rendered(1, 3)).not.toContain('Previous');
    expect(rendered(3, 3)).not.toContain('Next');
  });

  it('renders nothing for a listing of one page', () => {
    expect(rendered(1, 1)).toBe('');
  });
});
