// Renders a form inside a data router whose root route provides the layout data.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ROOT_ROUTE_ID } from '../../content/hooks';
import type { Layout } from '../../content/types';
import { layoutFixture } from '../../testing/fixtures';

export function renderWithLayout(element: ReactNode, layout: Layout = layoutFixture) {
  const router = createMemoryRouter([{ id: ROOT_ROUTE_ID, path: '/', loader: () => layout, element }], {
    hydrationData: { loaderData: { [ROOT_ROUTE_ID]: layout } },
  });
  return render(<RouterProvider router={router} />);
}
