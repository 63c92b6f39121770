/**
 * With the demo league (its accounts share a published password) the server listens on
 * 127.0.0.1 unless HOST says otherwise; without it, on every interface.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-league';
import { hasDemoAccounts, listenHost } from '../../api/server';
import { addUser } from '../fixtures/auth';
import { freshStore } from '../fixtures/engine';

describe('listenHost', () => {
  it('is 127.0.0.1 with the demo league and no HOST, else HOST or every interface', () => {
    expect(listenHost({ host: null }, true)).toBe('127.0.0.1');
    expect(listenHost({ host: null }, false)).toBe('0.0.0.0');
    expect(listenHost({ host: '0.0.0.0' }, true)).toBe('0.0.0.0');
    expect(listenHost({ host: '192.0.2.4' }, false)).toBe('192.0.2.4');
  });
});

describe('hasDemoAccounts', () => {
  it('finds a demo account, and nothing in a database without one', async () => {
    const connection = await freshStore();
    try {
      expect(await hasDemoAccounts(connection)).toBe(false);
      await addUser(connection.db, { id: 'someone', user_type: 'fan', email: 'someone@example.org' });
      expect(await hasDemoAccounts(connection)).toBe(false);
      const demo = DEMO_ACCOUNTS.at(-1);
      if (!demo) throw new Error('no demo account');
      await addUser(connection.db, { id: 'demo.user', user_type: 'fan', email: demo.email });
      expect(await hasDemoAccounts(connection)).toBe(true);
    } finally {
      await connection.close();
    }
  });
});
