import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '@/lib/session';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
