import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from '../AppLink';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + JSON.stringify(location.state ?? null)}</p>;
}

function at(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <nav>
              <NavLink to="/" end className="nav-link">
                Home
              </NavLink>
              <NavLink to="/products" className="nav-link">
                Products
              </NavLink>
              <NavLink to="/aboutUs">About</NavLink>
            </nav>
            <Link to="/products/category/dialysis" state={{ from: 'test' }} className="card-link">
              Dialysis
            </Link>
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('the app links', () => {
  it('marks the link of the shown route, and its parents unless `end`', () => {
    at('/products/category/dialysis');
    expect(screen.getByRole('link', { name: 'Products' })).toHaveProperty('className', 'nav-link active');
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).className).toBe('nav-link');
    expect(screen.getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('link', { name: 'About' }).hasAttribute('class')).toBe(false);
  });

  it('matches paths case-insensitively, as the routes do, and not by prefix alone', () => {
    at('/ABOUTUS');
    expect(screen.getByRole('link', { name: 'About' }).className).toBe('active');
    cleanup();
    at('/productsandmore');
    expect(screen.getByRole('link', { name: 'Products' }).className).toBe('nav-link');
  });

  it('navigates inside the app with its state on a plain click, and leaves a modified click to the browser', () => {
    const router = at('/');
    const link = screen.getByRole('link', { name: 'Dialysis' });
    expect(link.getAttribute('href')).toBe('/products/category/dialysis');
    act(() => {
      fireEvent.click(link, { ctrlKey: true });
    });
    expect(router.state.location.pathname).toBe('/');
    act(() => {
      fireEvent.click(link);
    });
    expect(screen.getByTestId('where').textContent).toBe('/products/category/dialysis{"from":"test"}');
  });

  it('replaces the history entry when it links to the page shown, and pushes one otherwise', () => {
    const router = at('/products/category/dialysis');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Dialysis' }));
    });
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'About' }));
    });
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.pathname).toBe('/aboutUs');
  });

  it('leaves a click with another target, or one a handler prevented, to the browser', () => {
    const router = at('/');
    const link = screen.getByRole('link', { name: 'Dialysis' });
    act(() => {
      fireEvent.click(link, { button: 1 });
    });
    expect(router.state.location.pathname).toBe('/');
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    act(() => {
      fireEvent.click(link);
    });
    expect(router.state.location.pathname).toBe('/');
    act(() => {
      fireEvent.click(link);
    });
    expect(router.state.location.pathname).toBe('/products/category/dialysis');
  });
});
