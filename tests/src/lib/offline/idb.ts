/** A fresh in-memory IndexedDB per test (fake-indexeddb), and the offline database on it. */
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { closeOfflineDb, offlineDb, type OfflineDb } from '@/offline/db';

export function freshOfflineDbPerTest(): () => Promise<OfflineDb> {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(async () => {
    await closeOfflineDb();
  });
  return offlineDb;
}

/** Stores an empty JSON answer for `key` in the read cache, stored and validated at `at`. */
export async function putRead(db: OfflineDb, key: string, at: number): Promise<void> {
  await db.put('reads', {
    key,
    body: '{}',
    contentType: 'application/json',
    etag: null,
    storedAt: at,
    validatedAt: at,
  });
}
