import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Crumb as TrailStep, RouteData } from '../../../content/types';
import { RouteBreadcrumb } from '../RouteBreadcrumb';

/** Renders the breadcrumb in a route whose loader returns `data`. */
async function renderWith(data: RouteData<unknown> | null, fallback?: { label: string; to?: string }[]) {
  const router = createMemoryRouter(
    [{ path: '*', loader: () => data, element: <RouteBreadcrumb fallback={fallback} /> }],
    { initialEntries: ['/services/Dental centre setup'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('navigation', { name: 'Breadcrumb' }).catch(() => null);
}

function routeData(breadcrumb: TrailStep[]): RouteData<unknown> {
  const path = breadcrumb.at(-1)?.path ?? '/';
  return { meta: { title: 'T', description: 'D', path, canonical: '', breadcrumb }, page: {} };
}

afterEach(cleanup);

describe('the route breadcrumb', () => {
  it("shows the trail the build planned, linking each step but the page's own", async () => {
    await renderWith(
      routeData([
        { label: 'Home', path: '/' },
        { label: 'Services', path: '/services' },
        { label: 'Dental Center Setup', path: '/services/Dental centre setup' },
      ]),
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Home', 'Services', 'Dental Center Setup']);
    expect(screen.getByRole('link', { name: 'Services' }).getAttribute('href')).toBe('/services');
    expect(screen.queryByRole('link', { name: 'Dental Center Setup' })).toBeNull();
    expect(screen.getByText('Dental Center Setup').getAttribute('aria-current')).toBe('page');
  });

  it('encodes the paths of the links (a service id with spaces)', async () => {
    await renderWith(
      routeData([
        { label: 'Home', path: '/' },
        { label: 'Emergency Center Setup', path: '/services/Emergency centre setup ' },
        { label: 'Page', path: '/x' },
      ]),
    );
    expect(screen.getByRole('link', { name: 'Emergency Center Setup' }).getAttribute('href')).toBe(
      '/services/Emergency%20centre%20setup%20',
    );
  });

  it('shows the fallback while the route has no data, and nothing without one', async () => {
    await renderWith(null, [{ label: 'Home', to: '/' }, { label: 'Asked for' }]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Asked for']);
    cleanup();
    await renderWith(null);
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });
});
