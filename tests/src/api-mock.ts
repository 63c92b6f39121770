/**
 * The network edge for component tests: MSW answers every /api request with the
 * real API app running in process over the tiny league (tests/fixtures/factory.ts),
 * so screens are tested against the same fixtures and shapes as the API tests.
 * A test overrides one endpoint with `api.server.use(http.get(...))` for error states.
 */
import { delay, http } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { makeTinyLeagueApp } from '../fixtures/app';

export interface ApiMock {
  server: SetupServer;
  /** Holds answers to matching GETs for `ms` first, so a test can see the loading state. */
  slowDown(pattern: RegExp, ms?: number): void;
  app: Awaited<ReturnType<typeof makeTinyLeagueApp>>;
  close(): Promise<void>;
}

export async function startApiMock(): Promise<ApiMock> {
  const app = await makeTinyLeagueApp();
  // Answers still being computed when a test ends are awaited before the database closes.
  const inFlight = new Set<Promise<Response>>();
  const forward = (request: Request) => {
    const answer = Promise.resolve(app.app.fetch(request));
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer)).catch(() => undefined);
    return answer;
  };
  const server = setupServer(http.all(/\/api\//, ({ request }) => forward(request)));
  server.listen({ onUnhandledRequest: 'error' });
  // Node's fetch does not resolve relative URLs as a browser does; the app fetches '/api/…'.
  const mocked = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    mocked(
      typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input,
      init,
    );
  return {
    server,
    app,
    slowDown(pattern, ms = 400) {
      server.use(
        http.get(pattern, async ({ request }) => {
          await delay(ms);
          return forward(request);
        }),
      );
    },
    async close() {
      globalThis.fetch = mocked;
      server.close();
      await Promise.allSettled([...inFlight]);
      await app.close();
    },
  };
}
