/**
 * The browser tests' fixtures: the hooks that start the real server and Chromium before a
 * file's (or a describe block's) tests and stop them after. Each returns an object that
 * stands for the one of the moment, so a file holds it in a `const` and its tests read
 * `server.url` and `browser.page` as they would from the objects themselves.
 * (Kept apart from harness.ts, which the benchmarks import outside Vitest.)
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { type Closable, withFixture } from '../fixtures/hooks';
import { launchBrowser, startServer, type ServerOptions, type TestBrowser, type TestServer } from './harness';

export interface FileServer extends TestServer {
  /** Stops the server and starts it again on the same port and data folder: pages keep their origin. */
  restart(): Promise<void>;
}

function notStarted(what: string): never {
  throw new Error(`The ${what} runs only inside the tests of the block that started it`);
}

/**
 * The options that start a server on a copy of the demo league the project's global setup
 * seeded (tests/setup/seeded-data.ts), when it has one; none otherwise.
 */
export function seeded(): ServerOptions {
  const dir = inject('seededDataDir');
  return dir ? { copyOf: dir } : {};
}

/**
 * Starts the server before the tests of the block it is called in and removes it (and its
 * data) after. Without options it starts on a copy of the demo league the project's global
 * setup seeded (tests/setup/seeded-data.ts), as its first start would have seeded it; with
 * an environment of its own (which may seed differently) or a data folder, as told.
 */
export function withServer(options: ServerOptions = {}): FileServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    const asTold = options.dataDir || options.copyOf || options.env;
    current = await startServer(asTold ? options : seeded());
  });
  afterAll(async () => {
    await current?.dispose();
  });
  const server = () => current ?? notStarted('server');
  return {
    get url() {
      return server().url;
    },
    get dataDir() {
      return server().dataDir;
    },
    get pid() {
      return server().pid;
    },
    output: () => server().output(),
    stop: () => server().stop(),
    dispose: () => server().dispose(),
    kill: (signal) => server().kill(signal),
    async restart() {
      const { dataDir, url } = server();
      await server().stop();
      current = await startServer({ dataDir, env: { ...options.env, PORT: new URL(url).port } });
    },
  };
}

/** Launches a browser (by default a phone-sized page) before the tests of the block and closes it after. */
export function withBrowser(): TestBrowser;
export function withBrowser<B extends Closable>(launch: () => Promise<B>): B;
export function withBrowser(launch: () => Promise<Closable> = launchBrowser): Closable {
  return withFixture(launch);
}

/** The server and a phone-sized browser for the tests of the block; the browser closes first. */
export function withE2E(options: ServerOptions = {}): { server: FileServer; browser: TestBrowser } {
  return { server: withServer(options), browser: withBrowser() };
}
