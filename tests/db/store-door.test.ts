/**
 * The data modules (api/data) run their SQL through one door, db/store.ts, which decides
 * how a statement runs (on SQLite's connection directly where that is safe, through
 * Kysely otherwise). A statement run past it, by Kysely's own `execute` or by importing
 * the store's parts, would choose for itself again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DATA = path.resolve(import.meta.dirname, '../../api/data');

/** What runs a statement past the store; a transaction is begun through Kysely as before. */
const PAST_THE_STORE = [
  /\.execute\(/g,
  /\.executeTakeFirst(?:OrThrow)?\(/g,
  /\.executeQuery\(/g,
  /\.stream\(/g,
  /from '\.\.\/\.\.\/db\/(?:prepared|direct-sqlite)'/g,
];

describe('the data modules', () => {
  it('run every statement through db/store.ts', () => {
    const found: string[] = [];
    for (const name of fs.readdirSync(DATA).filter((file) => file.endsWith('.ts'))) {
      const lines = fs.readFileSync(path.join(DATA, name), 'utf8').split('\n');
      for (const [index, line] of lines.entries()) {
        if (/transaction\(\)\.execute\(/.test(line)) continue;
        for (const pattern of PAST_THE_STORE) {
          if (line.match(pattern)) found.push(`api/data/${name}:${index + 1}: ${line.trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
