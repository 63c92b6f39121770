/**
 * Signed-in reads kept for reading offline. The worker keeps only public reads; a screen
 * of a team's own (who can play for a match) keeps its last answer here, per account, so
 * at the pitch side without signal the coach still sees it, marked with when it was
 * loaded. Sign-out forgets them (clear.ts).
 */
import { hasIndexedDb } from './capable';
import { offlineDb, type OfflineDb } from './db';

const keyOf = (userId: string, path: string) => `${userId} ${path}`;

/** Keeps the server's answer to `path` for this account. */
export async function keepRead(userId: string, path: string, data: unknown, now = Date.now()): Promise<void> {
  if (!hasIndexedDb()) return;
  const db = await offlineDb();
  await db.put('kept', { key: keyOf(userId, path), userId, body: JSON.stringify(data), storedAt: now });
}

/** The answer kept for this account and path, with when it was stored. */
export async function keptRead<T>(
  userId: string,
  path: string,
): Promise<{ data: T; storedAt: number } | null> {
  if (!hasIndexedDb()) return null;
  const entry = await (await offlineDb()).get('kept', keyOf(userId, path));
  return entry ? { data: JSON.parse(entry.body) as T, storedAt: entry.storedAt } : null;
}

/** Forgets every kept read (sign-out). */
export async function clearKeptReads(db: OfflineDb): Promise<void> {
  await db.clear('kept');
}
