import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '@/lib/session';
import { ErrorBoundary } from './error-screen';
import { AppRoutes } from './routes';

export interface AppProps {
  /** Puts the routes under a router: the browser's by default, a static one on the server. */
  router?: (routes: ReactNode) => ReactNode;
}

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App({ router = browserRouter }: AppProps) {
  return (
    <ErrorBoundary>
      <SessionProvider>{router(<AppRoutes />)}</SessionProvider>
    </ErrorBoundary>
  );
}
