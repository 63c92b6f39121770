/**
 * The per-table data versions of migration 0002, read synchronously in one statement for
 * the server's read cache. Inside an open transaction on this connection the rows may
 * hold versions that are rolled back later (and then reused by another write), so they
 * are not trusted there.
 */
import type SQLite from 'better-sqlite3';

/** Tables filled from others by triggers (the search index): reading them reads their sources. */
export const DERIVED_FROM: Readonly<Record<string, readonly string[]>> = {
  search_names: ['players', 'teams', 'leagues'],
  search_text: ['players', 'teams', 'leagues'],
  search_text_vocab: ['players', 'teams', 'leagues'],
};

export interface DataVersions {
  /** The version of every versioned table, in a fixed order; null when not to be trusted. */
  read(): readonly number[] | null;
  /** Positions in `read()` of these tables (unknown names: every position, to be safe). */
  positionsOf(tables: readonly string[]): readonly number[];
}

export function dataVersions(sqlite: SQLite.Database): DataVersions {
  const statement = sqlite.prepare('SELECT version FROM data_version ORDER BY table_name').pluck();
  const names = sqlite
    .prepare('SELECT table_name FROM data_version ORDER BY table_name')
    .pluck()
    .all() as string[];
  const position = new Map(names.map((name, index) => [name, index]));
  return {
    read: () => (sqlite.inTransaction ? null : (statement.all() as number[])),
    positionsOf(tables) {
      const result = new Set<number>();
      for (const table of tables) {
        const at = position.get(table);
        if (at === undefined) return names.map((_, index) => index);
        result.add(at);
      }
      return [...result].sort((a, b) => a - b);
    },
  };
}

const IDENTIFIER = /"((?:[^"]|"")+)"|\b([A-Za-z_][A-Za-z0-9_]*)\b/g;

/** The tables of `known` a statement names, derived tables replaced by their sources. */
export function tablesNamedIn(source: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(IDENTIFIER)) {
    const name = match[1]?.replaceAll('""', '"') ?? match[2] ?? '';
    const derived = DERIVED_FROM[name];
    if (derived) derived.forEach((table) => found.add(table));
    else if (known.has(name)) found.add(name);
  }
  return [...found];
}
