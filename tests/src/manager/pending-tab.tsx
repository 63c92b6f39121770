/** The Pending Results tab as the manager page shows it: inside the toasts, the session and a router. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '@/components/toast';
import { PendingResultsTab } from '@/features/manager/pending/pending-results-tab';
import { SessionProvider } from '@/lib/session';
import type { StoredUser } from '@/lib/storage';
import type { ApiMock } from '../api-mock';
import { signIn } from '../render';

export async function renderPendingResultsTab(api: ApiMock, user: StoredUser): Promise<void> {
  await signIn(user, api);
  const router = createMemoryRouter(
    [
      {
        path: '/manager/pending-results',
        element: (
          <ToastProvider>
            <PendingResultsTab user={user} />
          </ToastProvider>
        ),
      },
    ],
    { initialEntries: ['/manager/pending-results'] },
  );
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}
