/**
 * The offline database (IndexedDB through idb), shared by the page and the service
 * worker: cached public reads, the outbox of staff writes, the teams saved for
 * offline use, signed-in reads kept for offline reading, and a few facts both sides need (the session's token for replays
 * the worker makes on its own). The schema is versioned; an upgrade adds to it.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const OFFLINE_DB_NAME = 'touchline-offline';
export const OFFLINE_DB_VERSION = 2;

/** A public API answer kept for offline use and stale-while-revalidate. */
export interface CachedRead {
  /** Path and query, e.g. `/api/teams/north.town/roster`. */
  key: string;
  body: string;
  contentType: string;
  etag: string | null;
  /** When this body was first received (ms since epoch). */
  storedAt: number;
  /** When the server last confirmed it (ms since epoch). */
  validatedAt: number;
}

export type OutboxKind = 'match-report' | 'team-selection' | 'availability';
export type OutboxState = 'queued' | 'sending' | 'sent' | 'failed';

/** One staff write waiting to reach the server, or the record of how it ended. */
export interface OutboxItem {
  /** Assigned by the store; the replay order. */
  id?: number;
  /** Generated once when queued and sent with every attempt, so the server applies it once. */
  idempotencyKey: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** What the user sees in the Outbox, e.g. "Match report: North Town 2–1 South City". */
  label: string;
  /** The account that made it: only that account's token sends it. */
  userId: string;
  userName: string;
  state: OutboxState;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  /** Earliest time of the next automatic attempt (backoff after 5xx and network errors). */
  nextAttemptAt: number;
  /** Why the item failed (the server's detail), or why it waits. */
  error?: string;
  /** The session is gone: the item waits until its user signs in again. */
  needsSignIn?: boolean;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  sentAt?: number;
}

export interface SavedTeam {
  teamId: string;
  teamName: string;
  savedAt: number;
  /** Every read stored for it, so they are kept when the cache is trimmed. */
  paths: string[];
}

/**
 * A signed-in read kept for reading offline (a team's answers for a match): the
 * account's own, keyed by account and path, and forgotten at sign-out.
 */
export interface KeptRead {
  /** `<user id> <path>` */
  key: string;
  userId: string;
  body: string;
  /** When the server answered it (ms since epoch). */
  storedAt: number;
}

/** The session as the worker needs it to replay the outbox with no page open. */
export interface AuthRecord {
  token: string;
  userId: string;
  updatedAt: number;
  /** The worker refreshed the token: the page adopts it at its next start. */
  rotatedByWorker: boolean;
}

export interface OfflineSchema extends DBSchema {
  reads: { key: string; value: CachedRead; indexes: { 'by-stored': number } };
  outbox: { key: number; value: OutboxItem };
  saved: { key: string; value: SavedTeam };
  meta: { key: 'auth'; value: AuthRecord };
  kept: { key: string; value: KeptRead; indexes: { 'by-user': string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

/** The database, opened once per page or worker. */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db, oldVersion) {
      // One case per version: an upgrade runs every step after the stored version.
      if (oldVersion < 1) {
        db.createObjectStore('reads', { keyPath: 'key' }).createIndex('by-stored', 'storedAt');
        db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
        db.createObjectStore('saved', { keyPath: 'teamId' });
        db.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        db.createObjectStore('kept', { keyPath: 'key' }).createIndex('by-user', 'userId');
      }
    },
    blocking() {
      // A newer version wants to open (another tab or a new worker): let it.
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * Whether the offline database exists, found without opening (and so creating) it:
 * false only when the browser can tell (`indexedDB.databases`).
 */
export async function offlineDbExists(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === OFFLINE_DB_NAME);
  } catch {
    return true;
  }
}

/** Closes the database; the next call opens it again (tests use a fresh factory per test). */
export async function closeOfflineDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}
