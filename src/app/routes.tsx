import type { RouteObject } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { Layout } from './layout';

/**
 * One catch-all entry hands over to the main router (spec section 2). Screens are
 * lazy-loaded so the first screen ships little JavaScript.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        index: true,
        lazy: () => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage })),
      },
      { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];
