import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Kysely calls that build or run a statement: SQL lives in api/data/ (and db/), not in routes. */
const QUERY_BUILDER_CALLS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'executeQuery',
];
const SQL_IN_DATA = 'SQL lives in api/data/ (or db/): a route parses, authorises and calls a data function.';

/**
 * Features import each other's internals only where a feature's public face is meant
 * to be shared: the search panel (the header and the open home both show it).
 */
const FEATURES = fs
  .readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory());
const SHARED_FEATURE_FILES = ['./search/search-panel.tsx'];
const SW_ONLY = 'sw/ imports only src/offline/, api/domain/ and db/rules/.';
/** The pure rules the app shares with the server and the seed; types of the rest. */
const APP_IMPORTS = {
  regex: '(^|/)(api/(?!domain/)|db/(?!rules/))',
  allowTypeImports: true,
  message: 'src/ may only import types from api/ and db/, and the pure rules of api/domain/ and db/rules/.',
};
const RULES_ARE_PURE =
  'db/rules/ holds pure rules that the app, the service worker, the server and the seed share';
const OFFLINE_CORE = 'src/offline/ runs in the service worker too';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'coverage/',
      'data/',
      'node_modules/',
      'tests/e2e/screenshots/',
      'dev-dist/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'c',
          property: 'var',
          message: "c.get('name'): Hono's c.var copies every variable into a new object on each read.",
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The app imports nothing server-side; type-only imports of API types are fine.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // api/domain and db/rules hold the pure rules (no I/O) that the app shares with the server.
          patterns: [APP_IMPORTS],
        },
      ],
    },
  },
  {
    // Layering, checked on resolved paths (any spelling of the import, type-only ones included).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without .ts here import-x/no-cycle cannot follow our own modules and finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${root}/tsconfig.json`, `${root}/sw/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Value imports only: import-x skips type-only ones and has no option to follow them.
      // tests/build/import-cycles.test.ts walks the graph with them (and the app.ts zone
      // below names the cycle that once slipped through).
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './db',
              from: ['./api', './src', './sw'],
              message:
                'db/ imports nothing of the app: entry points that need both live in api/ (see api/backup-cli.ts).',
            },
            {
              // Routers once imported the type AppEnv back from app.ts: a cycle no-cycle cannot see.
              target: ['./api/*/**', './api/!(server).ts'],
              from: './api/app.ts',
              message:
                'Only api/server.ts imports app.ts; AppEnv, AppOptions and resolveOptions live in api/env.ts.',
            },
            {
              target: './api/data',
              from: ['./api/routes', './api/http', './api/app.ts', './api/env.ts'],
              message: 'Data modules take the database handle and return rows; they know nothing of HTTP.',
            },
            {
              target: './db/rules',
              from: './db',
              except: ['./rules', './schema.ts'],
              message: `${RULES_ARE_PURE}: of db/ they import each other and db/schema.ts's constants only.`,
            },
            { target: './sw', from: './src', except: ['./offline'], message: SW_ONLY },
            { target: './sw', from: './api', except: ['./domain'], message: SW_ONLY },
            { target: './sw', from: './db', except: ['./rules'], message: SW_ONLY },
            {
              target: './src/offline',
              from: './src',
              except: ['./offline'],
              message: `${OFFLINE_CORE}: it imports nothing else of the page.`,
            },
            {
              target: './src/offline',
              from: './api',
              except: ['./domain'],
              message: `${OFFLINE_CORE}: of api/ only api/domain/.`,
            },
            {
              target: './src/offline',
              from: './db',
              except: ['./rules'],
              message: `${OFFLINE_CORE}: of db/ only db/rules/.`,
            },
            // Imports run one way: shared (components, hooks, lib, offline) → features → app.
            {
              target: ['./src/components', './src/hooks', './src/lib', './src/offline'],
              from: ['./src/features', './src/app'],
              message:
                'Shared code (components, hooks, lib, offline) imports no feature and not the app shell.',
            },
            {
              target: './src/features',
              from: './src/app',
              message: 'A feature does not import the app shell.',
            },
            ...FEATURES.map(({ name }) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`, ...SHARED_FEATURE_FILES],
              message:
                "A feature does not import another feature's internals: move what both need to components/, hooks/ or lib/.",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['api/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...QUERY_BUILDER_CALLS.map((name) => ({
          selector: `CallExpression[callee.property.name='${name}']`,
          message: `No ${name}() in a route. ${SQL_IN_DATA}`,
        })),
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', importNames: ['sql'], message: `No raw sql in a route. ${SQL_IN_DATA}` }],
        },
      ],
    },
  },
  {
    files: ['src/offline/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: `${OFFLINE_CORE}, which has no ${name}.`,
        })),
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|react-router|react-router-dom|workbox-window)(/|$)',
              message: `${OFFLINE_CORE}: no React, no page-only package.`,
            },
            APP_IMPORTS,
          ],
        },
      ],
    },
  },
  {
    files: ['db/rules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // No package, Node's included: what the rules need is in the language.
          patterns: [{ regex: '^(?!\\.)', message: `${RULES_ARE_PURE}: they import no package.` }],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'require',
          'global',
          '__dirname',
          '__filename',
          'fetch',
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'indexedDB',
          'navigator',
        ].map((name) => ({ name, message: `${RULES_ARE_PURE}: no I/O and nothing one platform alone has.` })),
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
