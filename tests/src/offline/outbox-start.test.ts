/**
 * The outbox's start on a page (src/main.tsx): a visitor's first page creates no offline
 * database (creating its stores was a long task after the first paint), while
 * a page with a database or a session starts as before: it mirrors the session for the
 * worker (or removes the worker's copy once signed out) and replays what is queued.
 */
import { describe, expect, it } from 'vitest';
import { startOutboxSync } from '@/lib/page-outbox';
import { storage } from '@/lib/storage';
import { OFFLINE_DB_NAME, offlineDb, offlineDbExists } from '@/offline/db';
import { freshOfflineDbPerTest } from '../lib/offline/idb';

freshOfflineDbPerTest();

const names = async () => (await indexedDB.databases()).map((database) => database.name);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the outbox at a page start', () => {
  it('creates no database for a visitor who has none', async () => {
    expect(await offlineDbExists()).toBe(false);
    const stop = startOutboxSync();
    await settle();
    stop();
    expect(await names()).not.toContain(OFFLINE_DB_NAME);
    expect(await offlineDbExists()).toBe(false);
  });

  it('still removes the worker’s copy of a session once signed out', async () => {
    const db = await offlineDb();
    await db.put('meta', { token: 'old', userId: 'u1', updatedAt: 1, rotatedByWorker: false }, 'auth');
    expect(await offlineDbExists()).toBe(true);
    const stop = startOutboxSync();
    await settle();
    stop();
    expect(await db.get('meta', 'auth')).toBeUndefined();
  });

  it('creates the database to mirror a signed-in session', async () => {
    storage.setUser({
      id: 'u1',
      name: 'Coach',
      email: 'coach@example.test',
      user_type: 'coach',
      team_id: null,
    });
    storage.setToken('token-1');
    const stop = startOutboxSync();
    await settle();
    stop();
    expect(await names()).toContain(OFFLINE_DB_NAME);
    expect(await (await offlineDb()).get('meta', 'auth')).toMatchObject({ token: 'token-1', userId: 'u1' });
  });
});
