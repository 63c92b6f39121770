/**
 * Files only the server's own account may read: the database and its -wal and -shm
 * (every account, session and report), backups of it, and the secrets kept beside it
 * (the token secret, the push keys). Another account on the same machine must not read
 * them, whatever umask the server was started with, so they are made owner-only (0600)
 * and the data folder the server creates owner-only too (0700).
 */
import fs from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** What SQLite keeps beside a database file (with the database's own mode), by suffix. */
export const SQLITE_SIDE_FILES = ['-journal', '-wal', '-shm'] as const;

/** Creates `folder` and any missing parent, each one created owner-only; an existing one keeps its mode. */
export function makePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Takes group and other access away from an existing file (an earlier version, or a
 * copy, may have made it readable to all); nothing when there is no such file.
 */
export function keepPrivate(file: string): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((mode & ~PRIVATE_FILE_MODE) !== 0) fs.chmodSync(file, mode & PRIVATE_FILE_MODE);
}

/**
 * Makes `file` exist owner-only before anything else opens it, so that no other account
 * can open it in between (and SQLite, which gives its -wal and -shm the database's
 * mode, makes those owner-only too); an existing file is made owner-only.
 */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  keepPrivate(file);
}

/** Writes a new file that only its owner may read (replacing any file of that name). */
export function writePrivateFile(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  // The mode is only applied to a file the write creates.
  keepPrivate(file);
}
