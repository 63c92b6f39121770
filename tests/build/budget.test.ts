import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { jsBudget } from '../../build/budget/plugin';
import {
  dynamicChunks,
  formatFailure,
  formatTable,
  htmlEntryChunks,
  isHtmlClientBundle,
  measureBudget,
  resolveLimitKiB,
  staticClosure,
  type AssetLike,
  type BundleLike,
  type ChunkLike,
} from '../../build/budget/measure';

/** A chunk whose code is `kib` KiB long; the tests measure code length, not gzip. */
function chunk(
  fileName: string,
  kib: number,
  links: { imports?: string[]; dynamicImports?: string[]; isEntry?: boolean } = {},
): ChunkLike {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\//, '').replace(/\.js$/, ''),
    isEntry: links.isEntry ?? false,
    imports: links.imports ?? [],
    dynamicImports: links.dynamicImports ?? [],
    code: 'x'.repeat(Math.round(kib * 1024)),
  };
}

const asset = (fileName: string, source = ''): AssetLike => ({ type: 'asset', fileName, source });

function bundleOf(...files: (ChunkLike | AssetLike)[]): BundleLike {
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

const byLength = (c: ChunkLike) => c.code.length;

/**
 * index → react, shared (→ react); lazily: team-page (→ shared, card → react; lazily
 * sheet), league-page (→ card), and shared again (already loaded: not a route).
 */
const app = bundleOf(
  asset('index.html', '<script type="module" src="/index.js"></script>'),
  asset('index.css', 'body{}'),
  chunk('index.js', 10, {
    isEntry: true,
    imports: ['react.js', 'shared.js'],
    dynamicImports: ['team-page.js', 'league-page.js', 'shared.js'],
  }),
  chunk('react.js', 60),
  chunk('shared.js', 5.5, { imports: ['react.js'] }),
  chunk('team-page.js', 20, { imports: ['shared.js', 'card.js'], dynamicImports: ['sheet.js'] }),
  chunk('league-page.js', 3, { imports: ['card.js'] }),
  chunk('card.js', 8, { imports: ['react.js'] }),
  chunk('sheet.js', 2),
  chunk('unreached.js', 50),
);

describe('the chunk graph', () => {
  it('follows static imports only, each chunk once', () => {
    expect([...staticClosure(app, ['index.js'])]).toEqual(['index.js', 'react.js', 'shared.js']);
    expect([...staticClosure(app, ['team-page.js'])]).toEqual([
      'team-page.js',
      'shared.js',
      'card.js',
      'react.js',
    ]);
  });

  it('finds every lazily loaded chunk reachable from the entry, with the lazy chunks before it', () => {
    expect([...dynamicChunks(app, ['index.js'])]).toEqual([
      ['team-page.js', []],
      ['league-page.js', []],
      ['sheet.js', ['team-page.js']],
    ]);
  });

  it('takes the entry chunks that index.html loads', () => {
    const two = bundleOf(
      ...Object.values(app),
      chunk('other-entry.js', 1, { isEntry: true, imports: ['unreached.js'] }),
    );
    expect(htmlEntryChunks(two).map((c) => c.fileName)).toEqual(['index.js']);
  });

  it('acts on the page build only', () => {
    expect(isHtmlClientBundle(app)).toBe(true);
    // vite-plugin-pwa's service-worker build: an entry, no index.html.
    expect(isHtmlClientBundle(bundleOf(chunk('sw.mjs', 10, { isEntry: true })))).toBe(false);
    // index.html without an entry chunk.
    expect(isHtmlClientBundle(bundleOf(asset('index.html'), chunk('a.js', 1)))).toBe(false);
  });
});

describe('the budget', () => {
  it('sums the deduplicated files of each first route, largest first', () => {
    const report = measureBudget(app, { limitKiB: 100, sizeOf: byLength });
    expect(report.rows.map((row) => [row.label, row.files.length, row.bytes, row.over])).toEqual([
      ['(entry only)', 3, 75.5 * 1024, false],
      // The sheet opens from the team page: that page loads first.
      ['sheet', 6, 105.5 * 1024, true],
      ['team-page', 5, 103.5 * 1024, true],
      ['league-page', 5, 86.5 * 1024, false],
    ]);
    expect(report.rows[2]?.files.sort()).toEqual([
      'card.js',
      'index.js',
      'react.js',
      'shared.js',
      'team-page.js',
    ]);
    expect(report.over.map((row) => row.label)).toEqual(['sheet', 'team-page']);
  });

  it('holds signed-in screens to their own limit', () => {
    const report = measureBudget(app, {
      limitKiB: 100,
      offFirstRender: { pattern: /^team-page$/, limitKiB: 110 },
      sizeOf: byLength,
    });
    expect(report.rows.map((row) => [row.label, row.limitKiB, row.over])).toEqual([
      ['(entry only)', 100, false],
      ['sheet', 110, false],
      ['team-page', 110, false],
      ['league-page', 100, false],
    ]);
  });

  it('passes when every route is within the limit, the limit itself included', () => {
    const report = measureBudget(app, { limitKiB: 105.5, sizeOf: byLength });
    expect(report.over).toEqual([]);
    expect(measureBudget(app, { limitKiB: 75, sizeOf: byLength }).over).toHaveLength(4);
  });

  it('measures gzip level 9 of the code by default', () => {
    const code = 'export const a = 1;\n'.repeat(500);
    const bundle = bundleOf(asset('index.html'), { ...chunk('index.js', 0, { isEntry: true }), code });
    const report = measureBudget(bundle, { limitKiB: 100 });
    expect(report.rows[0]?.bytes).toBe(gzipSync(code, { level: 9 }).length);
    expect(report.rows[0]?.bytes).toBeLessThan(200);
  });

  it('prints one row per route', () => {
    const report = measureBudget(app, { limitKiB: 100, sizeOf: byLength });
    expect(formatTable(report)).toBe(
      [
        'Initial JavaScript per first route (gzip, budget 100 KiB):',
        'route chunk              chunks  KiB gzip  budget',
        '-----------------------  ------  --------  ------  ----',
        '(entry only)                  3      75.5     100  ok',
        'sheet (after team-page)       6     105.5     100  OVER',
        'team-page                     5     103.5     100  OVER',
        'league-page                   5      86.5     100  ok',
      ].join('\n'),
    );
    expect(formatFailure(report)).toBe(
      'initial JavaScript over the gzip budget: sheet 105.5 KiB (budget 100), team-page 103.5 KiB (budget 100). ' +
        'Split or trim the code, or set JS_BUDGET_KIB to change the limit.',
    );
  });

  it('takes the limit from JS_BUDGET_KIB, then the option, then 100', () => {
    expect(resolveLimitKiB(undefined, undefined)).toBe(100);
    expect(resolveLimitKiB(120, undefined)).toBe(120);
    expect(resolveLimitKiB(120, '90.5')).toBe(90.5);
    expect(resolveLimitKiB(120, ' ')).toBe(120);
    expect(() => resolveLimitKiB(undefined, 'lots')).toThrow('JS_BUDGET_KIB="lots"');
    expect(() => resolveLimitKiB(0, undefined)).toThrow('limitKiB must be a positive number');
  });
});

describe('the plugin', () => {
  type Handler = (this: unknown, output: unknown, bundle: BundleLike) => void;
  function run(bundle: BundleLike, consumer: 'client' | 'server' = 'client') {
    const plugin = jsBudget({ limitKiB: 100 });
    const hook = plugin.writeBundle as unknown as { handler: Handler };
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const context = {
      environment: { config: { consumer } },
      error: (message: string) => {
        throw new Error(message);
      },
    };
    try {
      hook.handler.call(context, {}, bundle);
      return log.mock.calls.map((args) => args.join(' ')).join('\n');
    } finally {
      log.mockRestore();
    }
  }
  /** Code that gzip cannot shrink much: a fixed pseudo-random sequence of characters. */
  const noisy = (fileName: string, bytes: number, isEntry = false): ChunkLike => {
    let seed = 42;
    const code = Array.from({ length: bytes }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return String.fromCharCode(33 + ((seed >>> 16) % 90));
    }).join('');
    return { ...chunk(fileName, 0, { isEntry }), code };
  };

  it('prints the table and passes a small bundle', () => {
    const printed = run(bundleOf(asset('index.html', 'index.js'), noisy('index.js', 1000, true)));
    expect(printed).toContain('(entry only)');
    expect(printed).toContain('ok');
  });

  it('fails the build over the limit', () => {
    const big = bundleOf(asset('index.html', 'index.js'), noisy('index.js', 150 * 1024, true));
    expect(() => run(big)).toThrow(/over the gzip budget: \(entry only\) \d+\.\d KiB \(budget 100\)/);
  });

  it('skips the service worker and server builds', () => {
    expect(run(bundleOf(noisy('sw.mjs', 1000, true)))).toBe('');
    expect(run(app, 'server')).toBe('');
  });
});
