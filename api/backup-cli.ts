/**
 * `npm run backup -- <file> [--force]`: copies the database of DATA_DIR (read as the
 * server reads it) to <file>. Safe while the server runs; see db/backup.ts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError, backupDatabase } from '../db/backup';
// An entry point beside start.ts: it finds the database exactly where the server does,
// so it reads the server's configuration rather than a copy of its rules.
import { ConfigError, loadConfig } from './config';
import { generateVapidPair } from './push/vapid';

const USAGE = `Usage: npm run backup -- <file> [--force]

Copies the Touchline database (DATA_DIR/touchline.db; DATA_DIR defaults to ./data)
to <file>. The server may keep running meanwhile.

  --force   replace <file> if it already exists`;

/** Exit codes: 0 done, 1 the backup failed, 2 wrong usage. */
export async function main(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const files = args.filter((arg) => !arg.startsWith('-'));
  if (flags.includes('--help') || flags.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = flags.filter((flag) => flag !== '--force');
  if (files.length !== 1 || unknown.length > 0) {
    const problem =
      unknown.length > 0
        ? `Unknown option: ${unknown.join(' ')}`
        : files.length === 0
          ? 'Missing the backup file'
          : `Expected one backup file, got ${files.length}`;
    console.error(`${problem}\n\n${USAGE}`);
    return 2;
  }
  const target = path.resolve(files[0] as string);

  let databaseFile: string;
  try {
    // The backup only needs the paths. A placeholder secret and push keys keep loadConfig
    // from generating and writing DATA_DIR/jwt-secret and vapid.json (and DATA_DIR itself).
    const vapid = generateVapidPair();
    const config = loadConfig({
      ...env,
      JWT_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    if (config.databaseUrl !== null) {
      // PostgreSQL has its own consistent online dump; copying a file would be wrong.
      console.error(
        'DATABASE_URL is set: the data is in PostgreSQL, which this command does not copy. ' +
          'Use pg_dump: pg_dump --format=custom --file=<file> "$DATABASE_URL" (see the README, Backup).',
      );
      return 1;
    }
    databaseFile = config.databaseFile;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  try {
    const result = await backupDatabase(databaseFile, target, { force: flags.includes('--force') });
    console.log(
      `Backed up ${databaseFile} to ${target}: ${result.pages} pages, ${formatBytes(result.bytes)} ` +
        `(${result.bytes} bytes) in ${result.ms} ms. The copy passed its integrity check.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      const hint = error.reason === 'target-exists' ? ' (add --force to replace it)' : '';
      console.error(`Backup failed: ${error.message}${hint}`);
      return 1;
    }
    // Anything else (a full disk, a permission problem) still gets one readable line first.
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error && error.stack && !('code' in error)) console.error(error.stack);
    return 1;
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
