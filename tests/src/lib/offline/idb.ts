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
