/**
 * The one Node process: opens and migrates the database, seeds the demo league
 * into an empty database (or creates the first super admin in production), and
 * serves the API under /api and the built app from dist/ with an SPA fallback.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { sealSettings, sharedJwtSecret } from '../db/app-settings';
import { openStore, type Connection } from '../db/connection';
import { versionsOf } from '../db/data-version';
import { engineOf } from '../db/engine';
import { StoreError } from '../db/postgres';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureFirstAdmin,
  isDatabaseEmpty,
  seedDemoLeague,
} from '../db/seed/demo-league';
import { createApp } from './app';
import { emailTaken } from './data/users';
import { startAvailabilityReminders, startHousekeeping, startOverdueSweep } from './periodic';
import { createPushSender } from './push/sender';
import { startMailSender, type MailSender } from './mail/sender';
import { sharedVapidPair, type VapidKeyPair } from './push/vapid';
import { ConfigError, loadConfig, type Config } from './config';
import { ReadCache } from './http/read-cache';
import { groupCommitFor } from './http/write';
import { searchBudget } from './http/search-budget';
import { loadServerEntry, pageHandler, PageShell, type ServerPages } from './http/pages';

export const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
/** The server-rendering build of the app (npm run build), beside dist/. */
export const SERVER_ENTRY_FILE = fileURLToPath(new URL('../dist-server/entry-server.js', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  /** Whether the demo league's accounts (their password is published) are in the database. */
  demo: boolean;
  connection: Connection;
  readCache: ReadCache;
  close(): Promise<void>;
}

type Log = (line: string) => void;

/** Whether any demo account exists: anyone who reads the README can sign in as it. */
export async function hasDemoAccounts(connection: Connection): Promise<boolean> {
  for (const account of DEMO_ACCOUNTS) {
    if (await emailTaken(connection.db, account.email)) return true;
  }
  return false;
}

/**
 * HOST, else every interface, except with the demo league: its accounts' password is
 * published, so it is reachable from this machine only unless HOST says otherwise.
 */
export function listenHost(config: Pick<Config, 'host'>, demo: boolean): string {
  return config.host ?? (demo ? '127.0.0.1' : '0.0.0.0');
}

/** Fills an empty database: the demo league outside production, the first admin in it. */
export async function prepareData(connection: Connection, config: Config, log: Log): Promise<void> {
  if (!(await isDatabaseEmpty(connection.db))) return;
  if (config.env === 'production') {
    if (!config.admin) {
      throw new ConfigError(
        'The database has no users. Set ADMIN_EMAIL and ADMIN_PASSWORD to create the first super admin.',
      );
    }
    await ensureFirstAdmin(connection.db, config.admin);
    log(`Created the first super admin: ${config.admin.email}`);
    return;
  }
  const started = performance.now();
  let summary;
  try {
    summary = await seedDemoLeague(connection.db, {
      imagesDir: config.imagesDir,
      ...(config.seedReferenceDate ? { referenceDate: config.seedReferenceDate } : {}),
    });
  } catch (error) {
    // Instances starting together on one empty PostgreSQL database: one seeds (the seed
    // checks again under the write lock), the others find it seeded and go on.
    if (!(await isDatabaseEmpty(connection.db))) {
      log('Another instance seeded the database meanwhile');
      return;
    }
    throw error;
  }
  log(
    `Seeded the demo league: ${summary.leagues} leagues, ${summary.teams} teams, ${summary.players} players, ` +
      `${summary.matches} matches (${Math.round(performance.now() - started)} ms)`,
  );
}

const STATIC_FILE = /\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|gif|webp|svg|ico|txt|woff2?)$/i;

export function staticApp(distDir: string, pages?: ServerPages): Hono {
  const indexFile = path.join(distDir, 'index.html');
  const app = new Hono();
  if (!fs.existsSync(indexFile)) {
    // API-only (npm run dev serves the app from Vite): say so instead of a bare 404.
    app.get('*', (c) =>
      c.text('The app is not built. Run `npm run build`, or `npm start` which builds it.', 404),
    );
    return app;
  }
  const shell = new PageShell(distDir);
  // Hashed build assets never change; the shell, the worker and the manifest must always revalidate.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return;
    const name = path.posix.basename(c.req.path);
    const cacheControl = c.req.path.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : c.req.path.endsWith('/') || name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')
        ? 'no-cache'
        : 'public, max-age=3600';
    c.res.headers.set('Cache-Control', cacheControl);
  });
  const page = pageHandler(shell, pages);
  // "/" is the home page, not the directory's index.html.
  app.get('/', page);
  app.get('*', serveStatic({ root: distDir, precompressed: true }));
  // SPA fallback: every other path is an app route. Ids contain dots (/team/riverside.rovers),
  // so only names with a static-file extension are treated as missing files.
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || STATIC_FILE.test(c.req.path)) {
      return c.text('Not found', 404);
    }
    return page(c, next);
  });
  return app;
}

export async function startServer(config: Config, log: Log = console.log): Promise<RunningServer> {
  const connection = await openStore({
    databaseUrl: config.databaseUrl ?? undefined,
    file: config.databaseFile,
    poolMax: config.databasePoolMax,
    // A COMMIT on the event loop never also copies the log into the file (db/checkpointer.ts).
    backgroundCheckpoints: true,
  });
  let jwtSecret: string;
  let vapidKeys: VapidKeyPair;
  let readCache: ReadCache;
  let demo: boolean;
  try {
    // Before anything is written or any secret read: a wrong SECRETS_KEY stops the start here.
    await sealSettings(connection.db, config.secretsKeys);
    await prepareData(connection, config, log);
    demo = await hasDemoAccounts(connection);
    jwtSecret = config.jwtSecret ?? (await sharedJwtSecret(connection.db, config.secretsKeys));
    vapidKeys = config.vapidKeys ?? (await sharedVapidPair(connection.db, config.secretsKeys));
    readCache = new ReadCache({
      versions: await versionsOf(connection),
      // SQLite's batches run to their COMMIT within a turn: a hit can wait for them (decision 0018).
      ...(engineOf(connection.db) === 'sqlite' && { writes: groupCommitFor(connection.db) }),
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
  // What a committed write or the overdue sweep stored is pushed to its recipients' browsers.
  const push = createPushSender(connection.db, { ...vapidKeys, subject: config.vapidSubject }, { log });
  const onNotified = push.notify;
  // E-mail queued by writes (invitations, password resets) is sent beside the requests, retried while SMTP fails.
  const mail: MailSender | null = config.smtpUrl
    ? startMailSender(connection.db, {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        secret: jwtSecret,
        log,
      })
    : null;
  const app = createApp(
    connection.db,
    {
      jwtSecret,
      onNotified,
      vapidPublicKey: vapidKeys.publicKey,
      imagesDir: config.imagesDir,
      allowPrivateFeedTargets: config.feedsAllowPrivate,
      trustProxy: config.trustProxy,
      publicUrl: config.publicUrl,
      mailEnabled: mail !== null,
      onMailQueued: () => mail?.kick(),
    },
    readCache,
  );
  // Public pages and embeds read the app's own API in process, through the read cache.
  readCache.serveInProcess(app);
  const entry = await loadServerEntry(SERVER_ENTRY_FILE);
  const read = async (apiPath: string) => {
    const response = await app.request(apiPath);
    return response.status === 200 ? ((await response.json()) as unknown) : null;
  };
  app.route('/', staticApp(DIST_DIR, entry ? { entry, read } : undefined));

  // Public reads already built are answered before Hono (api/http/read-cache.ts).
  // New searches past a client's budget are refused there too, before any work is done.
  const host = listenHost(config, demo);
  if (demo && config.host === null) {
    log(
      'The demo league is seeded, with a published password: listening on 127.0.0.1 only. ' +
        'Set HOST (e.g. HOST=0.0.0.0) to accept connections from other machines.',
    );
  }
  const listener = getRequestListener(app.fetch, { hostname: host });
  const budget = searchBudget({ trustProxy: config.trustProxy });
  const server = http.createServer(readCache.wrap(budget(listener)));
  server.listen(config.port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const sweep = startOverdueSweep(connection.db, onNotified, log);
  const reminders = startAvailabilityReminders(
    connection.db,
    {
      onNotified,
      mailing: mail === null ? null : { secret: jwtSecret, publicUrl: config.publicUrl },
      onMailQueued: () => mail?.kick(),
    },
    log,
  );
  const housekeeping = startHousekeeping(connection.db, log);
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    demo,
    connection,
    readCache,
    close() {
      sweep.stop();
      reminders.stop();
      housekeeping.stop();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open; end them.
        if ('closeAllConnections' in server) server.closeAllConnections();
      })
        // Pushes under way still read and prune subscriptions.
        .then(() => push.idle())
        .then(() => mail?.stop())
        .then(() => {
          push.close();
          return connection.close();
        });
      return closing;
    },
  };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let running: RunningServer;
  try {
    running = await startServer(config);
  } catch (error) {
    // A bad setting or an unreachable database is one readable line, not a stack trace.
    console.error(error instanceof ConfigError || error instanceof StoreError ? error.message : error);
    process.exit(1);
  }
  console.log(`Touchline is running at ${running.url}`);
  if (running.demo) {
    console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.description}`);
  }
  const stop = (signal: string) => {
    console.log(`${signal} received, closing…`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
