/**
 * Password recovery: "Forgot password?" e-mails a single-use link valid for an hour; the
 * link sets a new password and ends every other session. The answer to a request is the
 * same whether or not the address has an account.
 */
import type { Context } from 'hono';
import { hashPassword } from '../../db/password';
import { createPasswordReset, usePasswordReset } from '../data/password-resets';
import { revokeUserSessions } from '../data/sessions';
import { findUserForLogin, replacePasswordHashOf } from '../data/users';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { passwordResetMail } from '../mail/messages';
import { queueMail } from '../mail/outbox';
import type { SessionDto } from '../schemas';
import { issueSession } from './sessions';
import { audit, inTransaction } from './write';

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, an e-mail with a link to set a new password is on its way. The link works once, for one hour.';
export const BAD_RESET_LINK =
  'This link to set a new password is not valid: it was used or has expired. Ask for a new one.';

/** Queues the reset mail when the address has an account (and e-mail is set up); answers alike either way. */
export async function requestPasswordReset(c: Context<AppEnv>, email: string): Promise<void> {
  const options = c.get('options');
  await inTransaction(c, async () => {
    const db = c.get('db');
    const user = await findUserForLogin(db, email);
    if (!user || !options.mailEnabled) return;
    const now = options.now();
    const reset = await createPasswordReset(db, user.id, now);
    c.set('mailQueued', true);
    await queueMail(
      db,
      options.jwtSecret,
      {
        kind: 'password_reset',
        refId: user.id,
        to: user.email,
        ...passwordResetMail({
          name: user.name,
          link: `${options.publicUrl}/reset-password?token=${reset.token}`,
          expiresAt: reset.expiresAt,
        }),
      },
      now,
    );
    await audit(c, { action: 'auth.reset_requested', entity: 'user', entityId: user.id }, user.id);
  });
}

/** Sets the password the link allows, ends every session, and signs the user in afresh. */
export async function resetPassword(
  c: Context<AppEnv>,
  token: string,
  password: string,
): Promise<SessionDto> {
  const options = c.get('options');
  const hash = await hashPassword(password, options.passwordCost);
  let userId: string | undefined;
  await inTransaction(c, async () => {
    const db = c.get('db');
    const now = options.now();
    userId = await usePasswordReset(db, token, now);
    if (userId === undefined) fail(400, BAD_RESET_LINK);
    await replacePasswordHashOf(db, userId, hash);
    await revokeUserSessions(db, userId, now);
    await audit(c, { action: 'auth.password_reset', entity: 'user', entityId: userId }, userId);
  });
  if (userId === undefined) fail(400, BAD_RESET_LINK);
  return issueSession(c, userId);
}
