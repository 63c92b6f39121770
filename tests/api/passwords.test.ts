/**
 * A password being set is 8 to 128 characters and not one of zxcvbn-ts's common
 * passwords, whatever its case; registration and a password change say so in words.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, isCommonPassword, newPassword } from '../../api/auth/passwords';
import { PASSWORD, tokenFor, withSignInApp } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';
import { sendRequest } from '../fixtures/request';

const issueOf = (value: unknown) => {
  const parsed = newPassword.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

describe('isCommonPassword', () => {
  it("reads the package's list, not one typed here", () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThan(10_000);
    const long = dictionary['passwords-common'].filter((entry) => entry.length >= 8);
    expect(long.length).toBeGreaterThan(1_000);
    for (const entry of long.slice(0, 50)) expect(isCommonPassword(entry), entry).toBe(true);
  });

  it('ignores case, and knows the usual ones', () => {
    for (const password of ['password', 'PassWord', '12345678', 'iloveyou', 'SUNSHINE']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of [PASSWORD, 'touchline-demo', 'up the rovers', 'long enough password']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('newPassword', () => {
  it('keeps the length rule and its words, one message at a time', () => {
    expect(issueOf('short')).toEqual(['must be at least 8 characters']);
    expect(issueOf('pass')).toEqual(['must be at least 8 characters']);
    expect(issueOf('x'.repeat(129))).toEqual(['must be at most 128 characters']);
    expect(issueOf(undefined)).toEqual(['is required']);
    expect(issueOf('x'.repeat(128))).toBeNull();
    expect(issueOf(PASSWORD)).toBeNull();
  });

  it('refuses a common password with a clear message', () => {
    expect(issueOf('password')).toEqual([COMMON_PASSWORD]);
    expect(issueOf('Password')).toEqual([COMMON_PASSWORD]);
    expect(COMMON_PASSWORD).toBe('is too common: choose one that is harder to guess');
  });
});

let clock = NOW;
beforeEach(() => {
  clock = NOW;
});
const t = withSignInApp(() => clock);

describe('where a password is set', () => {
  it('registration refuses a common password, and creates no account', async () => {
    const answer = await sendRequest(t.app, 'POST', '/api/auth/register', {
      json: { name: 'Weak Fan', email: 'weak@fans.test', password: 'iloveyou' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ detail: `Invalid field 'password': ${COMMON_PASSWORD}` });
    const fans = await t.connection.db
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'fan')
      .execute();
    expect(fans).toEqual([]);
  });

  it('a password change refuses a common new password, and keeps the old one', async () => {
    const token = await tokenFor(t.connection.db, 'coach.nt', clock);
    const refused = await sendRequest(t.app, 'POST', '/api/auth/change-password', {
      token,
      json: { current_password: PASSWORD, new_password: 'Sunshine' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: `Invalid field 'new_password': ${COMMON_PASSWORD}` });
    const login = await sendRequest(t.app, 'POST', '/api/auth/login', {
      json: { email: 'coach@nt.test', password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});
