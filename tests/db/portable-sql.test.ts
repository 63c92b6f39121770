/**
 * No engine-specific SQL outside db/. Every SQL text under api/ (sql`…`
 * templates and string literals that hold a statement) is read for SQLite-only and
 * PostgreSQL-only spellings; what differs between the engines lives in db/
 * (dialect-sql.ts, search-index.ts, introspect.ts, the migrations).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

const ENGINE_SPECIFIC: readonly [string, RegExp][] = [
  [
    'SQLite function',
    /\b(json_group_array|json_valid|json_extract|strftime|ifnull|last_insert_rowid|group_concat)\s*\(/,
  ],
  ['SQLite catalogue or pragma', /\b(sqlite_\w+|pragma_\w+|PRAGMA)\b/],
  ['SQLite syntax', /\b(GLOB|MATCH)\b|INSERT OR |\browid\b|\bSTRICT\b|search_text(_vocab)?\b/],
  ['PostgreSQL syntax', /::[a-z]|\bILIKE\b|\$\d+\b|\bRETURNING\s+\*/],
  ['PostgreSQL function', /\b(pg_\w+|jsonb?_agg|string_agg|to_char|now)\s*\(/],
];

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The SQL texts of a source file: tagged sql templates and literals that hold a statement. */
export function sqlTexts(source: string): string[] {
  const texts: string[] = [];
  for (const match of source.matchAll(/\bsql(?:<[^`]*?>)?`([^`]*)`/g)) texts.push(match[1] ?? '');
  for (const match of source.matchAll(
    /(['`])((?:(?!\1)[^\\]|\\.)*?\b(?:SELECT|INSERT INTO|UPDATE|DELETE FROM)\b(?:(?!\1)[^\\]|\\.)*?)\1/g,
  )) {
    texts.push(match[2] ?? '');
  }
  return [...new Set(texts)];
}

describe('SQL outside db/', () => {
  it('finds the spellings it looks for (the check can fail)', () => {
    const texts = sqlTexts(
      "sql`SELECT json_group_array(x) FROM t`; const q = 'SELECT a::text FROM t WHERE b ILIKE $1';",
    );
    const found = texts.flatMap((text) =>
      ENGINE_SPECIFIC.filter(([, pattern]) => pattern.test(text)).map(([name]) => name),
    );
    expect(found).toEqual(['SQLite function', 'PostgreSQL syntax']);
  });

  it('has no SQLite-only or PostgreSQL-only spelling under api/', () => {
    const problems: string[] = [];
    for (const file of walk(path.join(ROOT, 'api'))) {
      for (const text of sqlTexts(fs.readFileSync(file, 'utf8'))) {
        for (const [name, pattern] of ENGINE_SPECIFIC) {
          if (pattern.test(text))
            problems.push(`${path.relative(ROOT, file)}: ${name}: ${text.trim().slice(0, 80)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
