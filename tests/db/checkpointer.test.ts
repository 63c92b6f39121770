/**
 * WAL checkpoints on a worker thread (db/checkpointer.ts): the thread copies the log into
 * the file, the connection's COMMITs only past a bound that keeps the log from growing
 * under writes without a pause, and when the thread is gone the connection checkpoints
 * itself again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACKSTOP_PAGES,
  checkpointInBackground,
  DEFAULT_AUTOCHECKPOINT,
  type Checkpointer,
} from '../../db/checkpointer';
import { openDatabase, type SqliteConnection } from '../../db/connection';

const dirs: string[] = [];
const handles: SQLite.Database[] = [];
let checkpointer: Checkpointer | undefined;
let connection: SqliteConnection | undefined;
afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = undefined;
  await connection?.close();
  connection = undefined;
  for (const handle of handles.splice(0)) handle.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function walFile(): { file: string; sqlite: SQLite.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-checkpoint-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const sqlite = new SQLite(file);
  handles.push(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
  return { file, sqlite };
}

/** About `pages` pages of 4 KiB, committed at once: past SQLite's default checkpoint at 1,000. */
function writePages(sqlite: SQLite.Database, pages: number): void {
  const insert = sqlite.prepare('INSERT INTO blobs (data) VALUES (?)');
  sqlite.transaction(() => {
    for (let i = 0; i < pages; i++) insert.run(Buffer.alloc(4000, i % 251));
  })();
}

/** A COMMIT past 1,000 pages copies the log into the file before it returns (SQLite's default). */
function expectCommitToCheckpoint(file: string, sqlite: SQLite.Database): void {
  const before = fs.statSync(file).size;
  writePages(sqlite, 1500);
  expect(fs.statSync(file).size - before).toBeGreaterThan(1500 * 4000);
}

const autocheckpoint = (sqlite: SQLite.Database) => sqlite.pragma('wal_autocheckpoint', { simple: true });

/** How long the thread gets to act (it looks every 100 ms). */
const WAIT = { timeout: 10_000, interval: 20 };

describe('background checkpoints', () => {
  it('without them a COMMIT past 1,000 pages copies the log into the file itself', () => {
    const { file, sqlite } = walFile();
    expectCommitToCheckpoint(file, sqlite);
  });

  it('the connection checkpoints only past its bound; the thread copies the log into the file', async () => {
    const { file, sqlite } = walFile();
    checkpointer = checkpointInBackground(sqlite, file);
    await checkpointer.ready;
    expect(autocheckpoint(sqlite)).toBe(BACKSTOP_PAGES);
    const before = fs.statSync(file).size;
    writePages(sqlite, 1500);
    // Only the thread can grow the file: the commit stays under the connection's bound. (The
    // thread's message saying so may come a little after the file has grown.)
    await vi.waitFor(() => expect(fs.statSync(file).size - before).toBeGreaterThan(1500 * 4000), WAIT);
    await vi.waitFor(() => expect(checkpointer?.runs()).toBeGreaterThan(0), WAIT);
    // Everything committed reads back through another connection, from file and log.
    const reader = new SQLite(file, { readonly: true });
    handles.push(reader);
    expect(reader.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(1500);
  });

  it('checkpoints again only after another commit', async () => {
    const { file, sqlite } = walFile();
    checkpointer = checkpointInBackground(sqlite, file);
    await checkpointer.ready;
    writePages(sqlite, 10);
    await vi.waitFor(() => expect(checkpointer?.runs()).toBeGreaterThan(0), WAIT);
    // The table's creation may have had a checkpoint of its own, counted a little later.
    let runs = -1;
    while (runs !== checkpointer.runs()) {
      runs = checkpointer.runs();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // Several of the thread's turns without a commit: no checkpoint.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(checkpointer.runs()).toBe(runs);
    writePages(sqlite, 10);
    await vi.waitFor(() => expect(checkpointer?.runs()).toBeGreaterThan(runs), WAIT);
  });

  it('keeps the log bounded under commits without a pause', async () => {
    // The writer starts the log over only when a checkpoint has copied all of it by the
    // time a transaction begins; with a commit right after every other, the thread's
    // checkpoints never get there, so the connection copies the rest itself past a bound.
    const { file, sqlite } = walFile();
    const backstopPages = 200;
    checkpointer = checkpointInBackground(sqlite, file, undefined, { backstopPages });
    await checkpointer.ready;
    const wal = `${file}-wal`;
    const commits = 3000; // 15,000 pages written: 75 times the bound
    let largest = 0;
    for (let commit = 0; commit < commits; commit++) {
      writePages(sqlite, 5);
      largest = Math.max(largest, fs.statSync(wal).size);
    }
    // Neither checkpoint waits for the other: while the thread copies, the connection's
    // commits pass its bound. So the log may exceed it by what is written meanwhile,
    // here commits every fraction of a millisecond; without the bound it holds every
    // page written (hundreds of MiB in this loop).
    const frame = 4096 + 24;
    expect(largest).toBeLessThan(10 * backstopPages * frame);
  });

  it('gives the checkpoints back to the connection when the thread cannot open the file', async () => {
    const { file, sqlite } = walFile();
    const messages: string[] = [];
    checkpointer = checkpointInBackground(sqlite, `${file}.missing`, (message) => messages.push(message));
    await checkpointer.ready;
    await vi.waitFor(() => expect(autocheckpoint(sqlite)).toBe(DEFAULT_AUTOCHECKPOINT), WAIT);
    expect(messages.join('\n')).toMatch(/checkpoints are back on the server's connection/);
    // And a large COMMIT checkpoints inside itself again.
    expectCommitToCheckpoint(file, sqlite);
  });

  it('stop ends the thread and gives the checkpoints back', async () => {
    const { file, sqlite } = walFile();
    checkpointer = checkpointInBackground(sqlite, file);
    await checkpointer.ready;
    await checkpointer.stop();
    expect(autocheckpoint(sqlite)).toBe(DEFAULT_AUTOCHECKPOINT);
    await checkpointer.stop(); // twice is harmless
  });

  it('is what openDatabase does when asked, and closing stops the thread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-checkpoint-'));
    dirs.push(dir);
    connection = openDatabase(path.join(dir, 'a.db'), { backgroundCheckpoints: true });
    expect(autocheckpoint(connection.sqlite)).toBe(BACKSTOP_PAGES);
    await connection.close();
    connection = openDatabase(path.join(dir, 'b.db'));
    expect(autocheckpoint(connection.sqlite)).toBe(DEFAULT_AUTOCHECKPOINT);
    // In memory there is no log to checkpoint, and no thread.
    await connection.close();
    connection = openDatabase(':memory:', { backgroundCheckpoints: true });
    expect(autocheckpoint(connection.sqlite)).toBe(DEFAULT_AUTOCHECKPOINT);
  });
});
