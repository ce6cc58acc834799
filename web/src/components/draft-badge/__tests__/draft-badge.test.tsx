// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render } from '../../../entry-server';
import { pageAssembler } from '../../../testing/page-assembler';
import type { ProductsPageData, RouteData } from '../../../content/types';
import { layoutFixture, productsRoute } from '../../../testing/fixtures';
import { DraftBadge } from '../DraftBadge';

describe('DraftBadge', () => {
  it('shows visible text for a draft and nothing for a published entry', () => {
    expect(renderToString(<DraftBadge draft />)).toBe('<span class="draft-badge">Draft</span>');
    expect(renderToString(<DraftBadge />)).toBe('');
  });

  it('marks only the draft product of a listing', async () => {
    const [first, ...rest] = productsRoute.page.products;
    const route: RouteData<ProductsPageData> = {
      ...productsRoute,
      page: { ...productsRoute.page, products: [{ ...first!, draft: true }, ...rest] },
    };
    const html = pageAssembler()(await render('/products', { layout: layoutFixture, route }));
    expect(html.match(/class="draft-badge"/g)).toHaveLength(1);
    const card = html.slice(html.indexOf(first!.title), html.indexOf('draft-badge') + 40);
    expect(card).toContain('Draft');
  });
});
