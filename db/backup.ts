/**
 * Online backup of the SQLite database with better-sqlite3's backup API: safe while
 * the server runs and writes (WAL lets this reader copy one consistent snapshot), and
 * never leaves a half-written file under the target's name: the copy is made next to
 * the target, checked with `PRAGMA integrity_check`, synced, and only then moved into place.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateFile, SQLITE_SIDE_FILES } from './private-files';

export interface BackupResult {
  /** Pages in the copy. */
  pages: number;
  /** Size of the copy on disk. */
  bytes: number;
  /** Wall time of the whole backup, checks included. */
  ms: number;
}

export interface BackupOptions {
  /** Replace an existing target file. */
  force?: boolean;
}

export type BackupFailure =
  | 'missing-source'
  | 'not-a-database'
  | 'same-file'
  | 'target-exists'
  | 'target-is-directory'
  | 'missing-target-folder'
  | 'corrupt-copy';

/** An expected failure, with a message meant for the person running the backup. */
export class BackupError extends Error {
  constructor(
    readonly reason: BackupFailure,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

// Copy every page in one step. With the pages copied in small steps, a write by the
// server between two steps restarts the backup, and a busy server could keep it from
// ever finishing; one step reads one snapshot, and in WAL mode a reader blocks no writer.
const ALL_PAGES = 0x7fffffff;

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
}

/** Makes a rename or link in `folder` durable, where the platform allows it. */
function syncFolder(folder: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some platforms and file systems cannot fsync a directory; the file itself is synced.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function isSqliteError(error: unknown, code: string): boolean {
  return error instanceof SQLite.SqliteError && error.code === code;
}

/** Puts the finished copy at `target`; without `force`, never over an existing file. */
function publish(temp: string, target: string, force: boolean): void {
  if (force) {
    fs.renameSync(temp, target);
    return;
  }
  try {
    // link() fails if the target exists, so a file created meanwhile is not overwritten.
    fs.linkSync(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw refuseExisting(target);
    // File systems without hard links: check, then rename.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    if (statOrNull(target)) throw refuseExisting(target);
    fs.renameSync(temp, target);
    return;
  }
  removeQuietly(temp);
}

function refuseExisting(target: string): BackupError {
  return new BackupError('target-exists', `${target} already exists; refusing to overwrite it`);
}

/** Copies the database at `sourceFile` to `targetFile`, checks the copy, and reports its size. */
export async function backupDatabase(
  sourceFile: string,
  targetFile: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const started = performance.now();
  const source = path.resolve(sourceFile);
  const target = path.resolve(targetFile);
  const folder = path.dirname(target);

  const sourceStat = statOrNull(source);
  if (!sourceStat?.isFile()) throw new BackupError('missing-source', `No database at ${source}`);
  if (source === target) {
    throw new BackupError('same-file', 'The backup file must not be the database itself');
  }
  if (!statOrNull(folder)?.isDirectory()) {
    throw new BackupError('missing-target-folder', `The folder ${folder} does not exist`);
  }
  const existing = statOrNull(target);
  if (existing?.isDirectory()) throw new BackupError('target-is-directory', `${target} is a folder`);
  if (existing && !options.force) throw refuseExisting(target);

  const temp = path.join(
    folder,
    `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  let published = false;
  try {
    let db: SQLite.Database;
    try {
      db = new SQLite(source, { readonly: true, fileMustExist: true });
    } catch (error) {
      if (isSqliteError(error, 'SQLITE_CANTOPEN')) {
        throw new BackupError('missing-source', `Cannot open the database at ${source}`);
      }
      throw error;
    }
    try {
      // Reading the schema now turns a wrong file into a clear message before any copying.
      db.pragma('schema_version');
      // The copy holds everything the database does: owner-only from its first byte (SQLite
      // copies into the empty file, and its journal takes the file's mode).
      createPrivateFile(temp);
      await db.backup(temp, { progress: () => ALL_PAGES });
    } catch (error) {
      if (isSqliteError(error, 'SQLITE_NOTADB')) {
        throw new BackupError('not-a-database', `${source} is not a SQLite database`);
      }
      throw error;
    } finally {
      db.close();
    }

    let pages: number;
    const copy = new SQLite(temp, { fileMustExist: true });
    const refuseCopy = (problems: readonly string[]) =>
      new BackupError(
        'corrupt-copy',
        // The copy is page for page the database: the damage is in the source too.
        `The copy failed its integrity check, so ${target} was not written. ` +
          `The database itself is probably damaged:\n  ${problems.slice(0, 10).join('\n  ')}`,
      );
    try {
      // The copy keeps the source's WAL flag; as a rollback-journal database it is one
      // self-contained file (the server switches a restored copy back to WAL on start).
      copy.pragma('journal_mode = DELETE');
      const verdict = copy
        .prepare<[], { integrity_check: string }>('PRAGMA integrity_check')
        .all()
        .map((row) => row.integrity_check);
      if (verdict.length !== 1 || verdict[0] !== 'ok') throw refuseCopy(verdict);
      pages = Number(copy.pragma('page_count', { simple: true }));
    } catch (error) {
      // Some damage stops the check itself.
      if (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_CORRUPT')) {
        throw refuseCopy([error.message]);
      }
      throw error;
    } finally {
      copy.close();
    }
    syncFile(temp);
    publish(temp, target, options.force === true);
    published = true;
    syncFolder(folder);
    return { pages, bytes: fs.statSync(target).size, ms: Math.round(performance.now() - started) };
  } finally {
    if (!published) removeQuietly(temp);
    for (const suffix of SQLITE_SIDE_FILES) removeQuietly(`${temp}${suffix}`);
  }
}
