import { useEffect, type ReactNode } from 'react';
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
  // Once the first render is committed (a served page hydrated), the page answers to
  // every control: `data-ready` on <html> says so (browser tests wait for it).
  useEffect(() => document.documentElement.setAttribute('data-ready', ''), []);
  return (
    <ErrorBoundary>
      <SessionProvider>{router(<AppRoutes />)}</SessionProvider>
    </ErrorBoundary>
  );
}
