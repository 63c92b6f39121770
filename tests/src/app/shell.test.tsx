import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { ErrorScreen } from '@/app/error-screen';
import { Layout } from '@/app/layout';

function renderAt(path: string, tree: RouteObject[] = routes) {
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the app shell', () => {
  it('shows the header, the home screen and the bottom navigation', async () => {
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute(
      'href',
      '/main',
    );
    expect(screen.getByText(/Welcome back,/)).toHaveTextContent('Welcome back, Guest');
    expect(screen.getByRole('link', { name: 'Touchline home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Home');
    expect(nav).toHaveTextContent('League');
    expect(nav).toHaveTextContent('Teams');
  });

  it('shows a not-found screen for an unknown route', async () => {
    renderAt('/no/such/screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error!' when a screen fails to render", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    renderAt('/', [
      {
        path: '/',
        element: <Layout />,
        errorElement: <ErrorScreen />,
        children: [{ index: true, element: <Broken /> }],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
