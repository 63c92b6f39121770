/**
 * The initial-JavaScript budget, measured on a bundle (pure: no Vite, no file system).
 *
 * What a first visit downloads before the page can render is the HTML entry chunk and
 * every chunk it imports statically (the "entry closure"), plus the lazily loaded chunk
 * of the route it lands on and that chunk's own static imports. Each dynamically
 * imported chunk is measured as such a first route: entry closure ∪ the chunk ∪ its
 * static closure, each file counted once, gzip level 9.
 *
 * The types below are the few fields read from a Rolldown `OutputBundle`; a real bundle
 * is assignable to them, and tests build small synthetic ones.
 */
import { gzipSync } from 'node:zlib';

export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  /** File names of the chunks this one imports statically. */
  imports: readonly string[];
  /** File names of the chunks this one imports with `import()`. */
  dynamicImports: readonly string[];
  code: string;
}

export interface AssetLike {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

export type BundleLike = Readonly<Record<string, ChunkLike | AssetLike>>;

export const DEFAULT_LIMIT_KIB = 100;
/** The environment variable that overrides the limit (KiB of gzip), e.g. `JS_BUDGET_KIB=120 npm run build`. */
export const LIMIT_ENV = 'JS_BUDGET_KIB';
export const HTML_ENTRY = 'index.html';
export const ENTRY_ONLY = '(entry only)';

/** The limit in KiB: JS_BUDGET_KIB when set (it wins over the option), else the option, else 100. */
export function resolveLimitKiB(option?: number, env: string | undefined = process.env[LIMIT_ENV]): number {
  const fromEnv = env?.trim() ? Number(env) : undefined;
  const limit = fromEnv ?? option ?? DEFAULT_LIMIT_KIB;
  if (!Number.isFinite(limit) || limit <= 0) {
    const source = fromEnv === undefined ? 'limitKiB' : `${LIMIT_ENV}=${JSON.stringify(env)}`;
    throw new Error(`jsBudget: ${source} must be a positive number of KiB`);
  }
  return limit;
}

/** Gzip size in bytes (level 9) of a chunk's code. */
export function gzipSize(code: string): number {
  return gzipSync(code, { level: 9 }).length;
}

function chunkAt(bundle: BundleLike, fileName: string): ChunkLike | undefined {
  const file = bundle[fileName];
  return file?.type === 'chunk' ? file : undefined;
}

function chunks(bundle: BundleLike): ChunkLike[] {
  return Object.values(bundle).filter((file): file is ChunkLike => file.type === 'chunk');
}

/**
 * Whether this is the client build of the page: an entry chunk and the index.html asset.
 * The SSR build and vite-plugin-pwa's service-worker build have no index.html.
 */
export function isHtmlClientBundle(bundle: BundleLike): boolean {
  return bundle[HTML_ENTRY]?.type === 'asset' && chunks(bundle).some((chunk) => chunk.isEntry);
}

/**
 * The entry chunks that index.html loads: those whose file name the HTML mentions, or
 * every entry chunk when it mentions none of them (or there is no HTML to read).
 */
export function htmlEntryChunks(bundle: BundleLike): ChunkLike[] {
  const entries = chunks(bundle).filter((chunk) => chunk.isEntry);
  const html = bundle[HTML_ENTRY];
  if (html?.type !== 'asset') return entries;
  const text = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
  const named = entries.filter((chunk) => text.includes(chunk.fileName));
  return named.length > 0 ? named : entries;
}

/** The roots and every chunk they import statically, transitively (file names, roots first). */
export function staticClosure(bundle: BundleLike, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const chunk = chunkAt(bundle, next);
    if (!chunk || seen.has(next)) continue;
    seen.add(next);
    queue.push(...chunk.imports);
  }
  return seen;
}

/**
 * Every chunk that is loaded with `import()` somewhere reachable from the roots, in the
 * order first found, with the lazy chunks that must load before it ("chain"): a tab
 * loaded lazily by a lazily loaded page needs that page first, so its first route is
 * the entry, the page and the tab. A chunk already in the roots' static closure is not
 * lazy and is left out.
 */
export function dynamicChunks(bundle: BundleLike, roots: readonly string[]): Map<string, string[]> {
  const initial = staticClosure(bundle, roots);
  const reached = new Set<string>();
  const found = new Map<string, string[]>();
  const queue: [string, string[]][] = roots.map((root) => [root, []]);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [fileName, chain] = next;
    const chunk = chunkAt(bundle, fileName);
    if (!chunk || reached.has(fileName)) continue;
    reached.add(fileName);
    for (const target of chunk.dynamicImports) {
      if (chunkAt(bundle, target) && !initial.has(target) && !found.has(target)) found.set(target, chain);
    }
    queue.push(...chunk.imports.map((file): [string, string[]] => [file, chain]));
    queue.push(...chunk.dynamicImports.map((file): [string, string[]] => [file, [...chain, file]]));
  }
  return found;
}

export interface BudgetRow {
  /** The route chunk's name, or "(entry only)". */
  label: string;
  /** The lazy chunks loaded before this one (a page before its tab), by name. */
  after: string[];
  limitKiB: number;
  /** The file names counted, each once. */
  files: string[];
  bytes: number;
  over: boolean;
}

export interface BudgetReport {
  limitKiB: number;
  /** "(entry only)" first, then one row per dynamically imported chunk, largest first. */
  rows: BudgetRow[];
  over: BudgetRow[];
}

export interface MeasureOptions {
  limitKiB: number;
  /**
   * Chunks (by name) that no visitor's first render waits for, with their own limit:
   * signed-in screens (opened after signing in on a public page, or from the service
   * worker's precache) and parts a page loads once it runs. A row counts as such when
   * its chunk or a lazy chunk before it matches.
   */
  offFirstRender?: { pattern: RegExp; limitKiB: number };
  /** Bytes of one chunk; gzip level 9 of its code unless given (tests pass their own). */
  sizeOf?: (chunk: ChunkLike) => number;
}

export function measureBudget(bundle: BundleLike, options: MeasureOptions): BudgetReport {
  const sizeOf = options.sizeOf ?? ((chunk: ChunkLike) => gzipSize(chunk.code));
  const sizes = new Map<string, number>();
  const size = (fileName: string) => {
    let bytes = sizes.get(fileName);
    if (bytes === undefined) {
      const chunk = chunkAt(bundle, fileName);
      bytes = chunk ? sizeOf(chunk) : 0;
      sizes.set(fileName, bytes);
    }
    return bytes;
  };
  const nameOf = (fileName: string) => chunkAt(bundle, fileName)?.name ?? fileName;
  const row = (label: string, files: Set<string>, after: string[] = []): BudgetRow => {
    const bytes = [...files].reduce((sum, fileName) => sum + size(fileName), 0);
    const off =
      options.offFirstRender && [label, ...after].some((name) => options.offFirstRender?.pattern.test(name));
    const limitKiB = off && options.offFirstRender ? options.offFirstRender.limitKiB : options.limitKiB;
    return { label, after, limitKiB, files: [...files], bytes, over: bytes > limitKiB * 1024 };
  };

  const roots = htmlEntryChunks(bundle).map((chunk) => chunk.fileName);
  const entry = staticClosure(bundle, roots);
  const chains = dynamicChunks(bundle, roots);
  const lazy = [...chains.keys()];
  // Two chunks may share a name (two `index` modules): those rows show their file names.
  const names = lazy.map(nameOf);
  const routes = lazy.map((fileName, index) => {
    const name = names[index] ?? fileName;
    const label = names.indexOf(name) === names.lastIndexOf(name) ? name : fileName;
    const chain = chains.get(fileName) ?? [];
    const files = new Set([...entry, ...staticClosure(bundle, [...chain, fileName])]);
    return row(label, files, chain.map(nameOf));
  });
  routes.sort((a, b) => b.bytes - a.bytes || a.label.localeCompare(b.label));
  const rows = [row(ENTRY_ONLY, entry), ...routes];
  return { limitKiB: options.limitKiB, rows, over: rows.filter((r) => r.over) };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The table printed after the build. */
export function formatTable(report: BudgetReport): string {
  const header = ['route chunk', 'chunks', 'KiB gzip', 'budget', ''];
  const lines = report.rows.map((row) => [
    row.after.length > 0 ? `${row.label} (after ${row.after.join(', ')})` : row.label,
    String(row.files.length),
    kib(row.bytes),
    String(row.limitKiB),
    row.over ? 'OVER' : 'ok',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  // The name left-aligned, the figures right-aligned.
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 4 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    `Initial JavaScript per first route (gzip, budget ${report.limitKiB} KiB):`,
    format(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...lines.map(format),
  ].join('\n');
}

/** The build error's message, naming every route over the limit. */
export function formatFailure(report: BudgetReport): string {
  const routes = report.over
    .map((row) => `${row.label} ${kib(row.bytes)} KiB (budget ${row.limitKiB})`)
    .join(', ');
  return (
    `initial JavaScript over the gzip budget: ${routes}. ` +
    `Split or trim the code, or set ${LIMIT_ENV} to change the limit.`
  );
}
