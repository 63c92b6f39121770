import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import type * as ApiRouter from './api/router.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { jsBudget } from './build/budget/plugin.ts';
import { precompress } from './build/compress/plugin.ts';
import { MANIFEST_ICONS, manifestIcon, pwaIcons } from './build/icon/plugin.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const routerProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production', import.meta.url),
);
const apiPort = process.env.API_PORT ?? '3001';

/**
 * The public reads the app's offline store keeps, from the API's route declarations. Loaded
 * at run time rather than bundled into this config: the API is the server's code, not the
 * config's.
 */
const { OFFLINE_READ_ROUTES } = (await tsImport('./api/router.ts', import.meta.url)) as typeof ApiRouter;

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // The router's package points every bundler at its development build, which keeps
      // its warnings for developers; the production build is the same code without them.
      // The dev server and the tests keep the development build and its warnings.
      ...(command !== 'build'
        ? []
        : [
            { find: /^react-router$/, replacement: `${routerProduction}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${routerProduction}/dom-export.mjs` },
          ]),
    ],
  },
  // The page and the service worker match URLs against the offline reads.
  define: { __OFFLINE_READ_ROUTES__: JSON.stringify(OFFLINE_READ_ROUTES) },
  plugins: [
    react(),
    // The server-rendering build (dist-server/) needs neither icons, worker nor budget.
    ...(isSsrBuild ? [] : clientPlugins()),
  ],
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, sourcemap: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // dist/.vite/manifest.json: which files each page needs, for the server's preloads and inlined CSS.
        manifest: true,
        modulePreload: false,
        rolldownOptions: {
          output: {
            // React and the router change far less often than the app: their own chunk
            // stays cached across releases, and the app's entry stays small.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                },
                // How every screen reads the API (answers, their offline copies and
                // freshness), loaded together by every one: one chunk rather than five
                // small ones, each with its own few hundred bytes of overhead. With it
                // the two lines saying whether the browser keeps things offline, which
                // the team page and the shell ask, not a chunk (and a request) of their own.
                {
                  name: 'use-api',
                  // With them the shared words (db/rules/words: plural, possessive), read by
                  // screens of every kind: a few lines, not a chunk of their own.
                  test: /(src[\\/](hooks[\\/](use-api|use-logged-failure)|lib[\\/]freshness|offline[\\/](read-events|read-cache|capable))|db[\\/]rules[\\/]words)\.tsx?$/,
                },
              ],
            },
          },
        },
      },
  server: {
    // Everything under /api but the server's own TypeScript, which the client imports
    // (api/domain, api/schemas) and Vite serves as modules from the same path.
    proxy: {
      '^/api/(?!.*\\.tsx?(\\?|$))': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  test: TEST_PROJECTS,
}));

function clientPlugins() {
  return [
    // favicon.svg and the PNG icons, drawn from build/icon/shapes.ts into the bundle.
    pwaIcons(),
    // Prints each first route's initial JavaScript and fails the build over 100 KiB gzip.
    // What no visitor's first render waits for gets 116: signed-in screens (opened after
    // signing in, mostly from the precache at the pitch side) and parts loaded once the
    // page runs. A fan's first page on a bad signal is what the 100 protects.
    jsBudget({
      offFirstRender: {
        pattern:
          /^(manager-page|admin-page|admin-dashboard-page|people-page|main-page|shell-extras|save-offline-button|results-panel|register-sw|clear|account-sheet|search-panel|suspension-badge|data-links|team-aside|notifications-panel)$/,
        limitKiB: 116,
      },
    }),
    // .br and .gz copies of the text files, served to browsers that accept them.
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Touchline',
        short_name: 'Touchline',
        // The same words as index.html's meta description.
        description: 'Tables, fixtures, results and squads of your amateur football league.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f5132',
        // The light theme's page background (--bg in src/app/styles.css), shown while the app starts.
        background_color: '#f4f6f5',
        icons: [...MANIFEST_ICONS],
        shortcuts: [
          { name: 'Leagues', url: '/leagues', icons: [manifestIcon('icons/icon-192.png')] },
          { name: 'Manage', url: '/manager', icons: [manifestIcon('icons/icon-192.png')] },
        ],
      },
      // The icons are not in public/: pwaIcons() emits them, and the glob below precaches them.
      includeManifestIcons: false,
      // The plugin adds manifest.webmanifest to the precache itself; globbing it too would list it twice.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico}'] },
      devOptions: { enabled: false },
    }),
  ];
}

/**
 * What the PostgreSQL run repeats: the tests whose answers come from the database, so
 * that the engine can change them (data modules and their SQL, writes and what they
 * refuse to change, stats, standings, paging, search, long lists, approvals, seasons,
 * discipline, spreadsheet imports, notifications, sessions, the schema's own rules).
 * Every API test runs there unless listed below; a test that reads or writes through
 * the store belongs here by default.
 */
const POSTGRES_UNIT_FILES = ['tests/api/**/*.test.ts', 'tests/db/approved-results.test.ts'];
/**
 * Tests of SQLite itself (its query plans, pragmas, FTS5, backup API, the single-file
 * crash test), which have no PostgreSQL meaning, and files that compare both engines
 * themselves (*-postgres.test.ts, run in the SQLite projects with their own server).
 */
const SQLITE_ONLY_FILES = [
  'tests/api/*-postgres.test.ts',
  'tests/api/admin-tables.test.ts',
  'tests/api/list-paging.test.ts',
  'tests/api/read-dependencies.test.ts',
  'tests/api/read-cache.test.ts',
  'tests/api/config.test.ts',
  'tests/api/server.test.ts',
  'tests/api/user-cli.test.ts',
  'tests/reliability/backup.test.ts',
  'tests/reliability/crash.test.ts',
];
/**
 * Tests whose every assertion is the same on either engine, so a second pass on
 * PostgreSQL would repeat them for nothing: pure rules over values (api/domain), the HTTP
 * layer in front of the store (bodies, compression, static files and images, rendered
 * pages, the search budget), the API document and the route declarations, and the load
 * test, which runs the server over its own SQLite file whatever the project.
 */
const ENGINE_INDEPENDENT_FILES = [
  'tests/api/domain/**',
  'tests/api/client-address.test.ts',
  'tests/api/compression.test.ts',
  'tests/api/images.test.ts',
  'tests/api/json-body.test.ts',
  'tests/api/mail-messages.test.ts',
  'tests/api/openapi.test.ts',
  'tests/api/pages.test.ts',
  'tests/api/public-reads.test.ts',
  'tests/api/search-budget.test.ts',
  'tests/api/static.test.ts',
  'tests/reliability/load.test.ts',
];

const TEST_PROJECTS: ViteUserConfig['test'] = {
  // Vitest's default leaves one of a machine's cores to itself, so on two cores it would
  // run one file at a time; its own process does little while the files run, and the
  // PostgreSQL files mostly wait on their server.
  maxWorkers: 2,
  projects: [
    {
      extends: true,
      test: {
        name: 'unit',
        environment: 'node',
        // Two cores run every suite at once; a slow moment must not fail a test.
        testTimeout: 20_000,
        include: ['tests/db/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/build/**/*.test.ts'],
        setupFiles: ['tests/setup/node.ts'],
      },
    },
    {
      extends: true,
      test: {
        name: 'dom',
        environment: 'jsdom',
        testTimeout: 20_000,
        include: ['tests/src/**/*.test.{ts,tsx}'],
        setupFiles: ['tests/setup/dom.ts'],
      },
    },
    {
      extends: true,
      test: {
        // `npm run test:reliability`: bad input, crashes, load, security, backup.
        // RELIABILITY=long (npm run bench) runs the longer variants.
        name: 'reliability',
        environment: 'node',
        include: ['tests/reliability/**/*.test.ts'],
        setupFiles: ['tests/setup/node.ts'],
        // The demo league seeded once; the servers of the load, crash and backup tests start on copies.
        globalSetup: ['tests/setup/seeded-data.ts'],
        testTimeout: 900_000,
        hookTimeout: 120_000,
        fileParallelism: false,
      },
    },
    // The tests whose answers come from the database again, on a real PostgreSQL server
    // that tests/setup/postgres.ts starts (POSTGRES_UNIT_FILES and the lists after it say
    // which). Files about SQLite itself, and those the engine cannot change, stay out.
    {
      extends: true,
      test: {
        name: 'unit-pg',
        environment: 'node',
        testTimeout: 20_000,
        include: POSTGRES_UNIT_FILES,
        exclude: [...SQLITE_ONLY_FILES, ...ENGINE_INDEPENDENT_FILES],
        setupFiles: ['tests/setup/node.ts', 'tests/setup/postgres-file.ts'],
        globalSetup: ['tests/setup/postgres.ts'],
        env: { TOUCHLINE_TEST_ENGINE: 'postgres' },
      },
    },
    {
      extends: true,
      test: {
        name: 'reliability-pg',
        environment: 'node',
        include: ['tests/reliability/**/*.test.ts'],
        exclude: [...SQLITE_ONLY_FILES, ...ENGINE_INDEPENDENT_FILES],
        setupFiles: ['tests/setup/node.ts', 'tests/setup/postgres-file.ts'],
        globalSetup: ['tests/setup/postgres.ts'],
        env: { TOUCHLINE_TEST_ENGINE: 'postgres' },
        testTimeout: 900_000,
        hookTimeout: 120_000,
        fileParallelism: false,
      },
    },
    {
      extends: true,
      test: {
        name: 'e2e',
        environment: 'node',
        include: ['tests/e2e/**/*.test.ts'],
        setupFiles: ['tests/setup/node.ts'],
        // The demo league seeded once; each file's server starts on a copy of it.
        globalSetup: ['tests/setup/seeded-data.ts'],
        testTimeout: 60_000,
        hookTimeout: 120_000,
        // Two files at a time: each has its own server, data folder and browser profile on
        // free ports, and a browser test spends most of its time waiting on pages.
        fileParallelism: true,
      },
    },
  ],
};
