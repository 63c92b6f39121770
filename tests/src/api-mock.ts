/**
 * The network edge for component tests: MSW answers every /api request with the
 * real API app running in process over the tiny league (tests/fixtures/factory.ts),
 * so screens are tested against the same fixtures and shapes as the API tests.
 * A test overrides one endpoint with `api.server.use(http.get(...))` for error states.
 * A test file says `const api = withApiMock();` to get one for its tests.
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterEach, beforeEach } from 'vitest';
import { clearResponseCache } from '@/lib/api-client';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';

export interface ApiMock {
  server: SetupServer;
  /** Holds answers to matching GETs for `ms` first, so a test can see the loading state. */
  slowDown(pattern: RegExp, ms?: number): void;
  /** Answers matching GETs with `status` and `{ "detail": "boom" }`, for error states. */
  failGet(pattern: RegExp, status?: number): void;
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
  // A request msw has taken but not yet handed to `forward` is in neither set: the page's
  // reload after a save, sent as a test ends, reached the app after its database closed.
  const taken = new Set<string>();
  let allHandled: (() => void) | null = null;
  server.events.on('request:start', ({ requestId }) => taken.add(requestId));
  server.events.on('request:end', ({ requestId }) => {
    taken.delete(requestId);
    if (taken.size === 0) allHandled?.();
  });
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
    failGet(pattern, status = 500) {
      server.use(http.get(pattern, () => HttpResponse.json({ detail: 'boom' }, { status })));
    },
    async close() {
      globalThis.fetch = mocked;
      // Bounded: an aborted request may never end.
      if (taken.size > 0) {
        await new Promise<void>((resolve) => {
          allHandled = resolve;
          setTimeout(resolve, 2_000);
        });
      }
      server.close();
      await Promise.allSettled([...inFlight]);
      await app.close();
    },
  };
}

export interface WithApiMockOptions {
  /** A fresh API and database for every test (the tests change rows) instead of one per file. */
  perTest?: boolean;
  /** Runs on each mock as soon as it has started: extra rows, extra handlers. */
  setup?: (api: ApiMock) => void | Promise<void>;
}

/**
 * Registers the hooks that start the mock (for the file, or for each test with `perTest`),
 * reset its handlers and the app's response cache after each test, and close it. The object
 * returned stands for the mock of the moment, so a file holds it in a `const`.
 */
export function withApiMock(options: WithApiMockOptions = {}): ApiMock {
  const api = withFixture(
    async () => {
      const started = await startApiMock();
      await options.setup?.(started);
      return started;
    },
    { perTest: options.perTest },
  );
  afterEach(() => {
    api.server.resetHandlers();
    clearResponseCache();
  });
  return api;
}

/**
 * The requests the app sends during each test, written by `pick` (undefined leaves one
 * out); emptied after each test.
 */
export function logRequests<T = string>(
  api: ApiMock,
  pick: (request: Request, url: URL) => T | undefined,
): T[] {
  const log: T[] = [];
  const listener = ({ request }: { request: Request }) => {
    const entry = pick(request, new URL(request.url));
    if (entry !== undefined) log.push(entry);
  };
  beforeEach(() => {
    api.server.events.on('request:start', listener);
  });
  afterEach(() => {
    api.server.events.removeListener('request:start', listener);
    log.length = 0;
  });
  return log;
}
