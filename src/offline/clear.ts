import { hasIndexedDb } from './capable';
import { offlineDb } from './db';
import { clearReadCache } from './read-cache';
import { clearKeptReads } from './kept-reads';

/**
 * Sign-out: forgets the cached reads, the teams saved for offline use, the signed-in
 * reads kept for offline reading and the worker's copy of the session. The outbox stays: its items belong to their user
 * and wait until that user signs in again (nothing queued is dropped silently).
 */
export async function clearOfflineData(): Promise<void> {
  if (!hasIndexedDb()) return;
  const db = await offlineDb();
  await clearReadCache(db);
  await clearKeptReads(db);
  await db.delete('meta', 'auth');
}
