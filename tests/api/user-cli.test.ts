/**
 * The operator's way in: `npm run user -- create-admin EMAIL` and `reset-link EMAIL`, on
 * the database of DATA_DIR, print a link that sets the password (no password passes
 * through the shell), and the link works once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../api/user-cli';
import { createApp } from '../../api/app';
import { openStore } from '../../db/connection';
import { TEST_PASSWORD_COST, TEST_SECRET } from '../fixtures/app';
import { sendRequest } from '../fixtures/request';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-user-cli-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    { DATA_DIR: dataDir, PUBLIC_URL: 'https://league.example' },
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Sets a password with the printed link, on the same database, as the browser would. */
async function useLink(link: string, password: string) {
  const connection = await openStore({ file: path.join(dataDir, 'touchline.db') });
  try {
    const app = createApp(connection.db, {
      jwtSecret: TEST_SECRET,
      imagesDir: dataDir,
      passwordCost: TEST_PASSWORD_COST,
    });
    const token = new URL(link).searchParams.get('token');
    return await sendRequest(app, 'POST', '/api/auth/reset-password', { json: { token, password } });
  } finally {
    await connection.close();
  }
}

describe('npm run user', () => {
  it('creates a super admin and prints a link that sets the password, once', async () => {
    const created = await run(['create-admin', 'Chair@League.example']);
    expect(created.code).toBe(0);
    expect(created.out).toContain('Created chair@league.example as a super admin.');
    const link = created.out.match(/https:\/\/league\.example\/reset-password\?token=\S+/)?.[0] as string;
    expect(link).toBeDefined();
    const reset = await useLink(link, 'a long chair passphrase');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      user: {
        email: 'chair@league.example',
        user_type: 'super_admin',
        memberships: [{ role: 'super_admin' }],
      },
    });
    expect((await useLink(link, 'another long passphrase')).status).toBe(400);

    const again = await run(['create-admin', 'chair@league.example']);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('chair@league.example is a super admin.');
    const resetLink = await run(['reset-link', 'chair@league.example']);
    expect(resetLink.code).toBe(0);
    expect(resetLink.out).toMatch(/reset-password\?token=/);
  });

  it('refuses an unknown account and wrong usage, changing nothing', async () => {
    expect(await run(['reset-link', 'nobody@league.example'])).toMatchObject({
      code: 1,
      err: 'No account has the address nobody@league.example',
    });
    expect((await run(['make-admin', 'x@league.example'])).code).toBe(2);
    expect((await run(['reset-link', 'not an address'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
    expect((await run(['--help'])).out).toContain('create-admin <email>');
  });
});
