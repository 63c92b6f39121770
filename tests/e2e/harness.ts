/**
 * Browser-test harness: the real server in a child process on a free port over a
 * temporary data folder, and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { closeThenRemove, makeTempDir } from '../fixtures/temp-dir';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
/** Headless, and quiet: this machine's closed network refuses Chromium's own connections. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const DESK = { width: 1280, height: 800 };

/**
 * The Node flags `npm start` runs the server with (package.json), so that tests and
 * benchmarks run the server as it runs in production: the words of the start script
 * between `node` and `--import`.
 */
export function serverNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (manifest.scripts.start ?? '').trim().split(/\s+/);
  const end = words.indexOf('--import');
  return words[0] === 'node' && end > 0 ? words.slice(1, end) : [];
}
export const SCREENSHOT_DIR = path.join(root, 'tests', 'e2e', 'screenshots');

export interface TestServer {
  url: string;
  /** The server process (benchmarks read its CPU time and memory from /proc). */
  pid: number;
  dataDir: string;
  output: () => string;
  /** Stops the process (SIGTERM) and keeps the data folder, so it can be started again. */
  stop(): Promise<void>;
  /** Stops the process and removes the data folder. */
  dispose(): Promise<void>;
  /** Sends the signal (SIGKILL: a crash) and waits for the process to exit; keeps the data folder. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ServerOptions {
  dataDir?: string;
  /**
   * A data folder of a stopped server, copied into this server's folder before it starts:
   * one seeded once (seededDataDir) spares every server the seed of the demo league.
   */
  copyOf?: string;
  env?: Record<string, string>;
}

/** Starts `api/server.ts` with PORT=0 and waits for the line that gives its URL. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir('e2e');
  if (options.copyOf) fs.cpSync(options.copyOf, dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags(), '--import', 'tsx', path.join(root, 'api', 'server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in 60 s:\n${log}`)), 60_000);
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code} before it started:\n${log}`));
    });
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    output: () => log,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * A data folder holding the seeded demo league: the server started once over an empty
 * folder and stopped. The caller removes it.
 */
export async function seededDataDir(
  options: Omit<ServerOptions, 'dataDir' | 'copyOf'> = {},
): Promise<string> {
  const server = await startServer(options);
  await server.stop();
  return server.dataDir;
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh profile and one page at the given viewport. */
export async function launchBrowser(viewport = PHONE): Promise<TestBrowser> {
  const userDataDir = makeTempDir('chromium');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    close: closeThenRemove(context, userDataDir),
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
