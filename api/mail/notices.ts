/**
 * Notifications that go by e-mail too (reminders to answer, squads announced, a match
 * moved under a player's answer): queued in the transaction that stores them, to each
 * recipient's account address, when the server sends mail.
 */
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import type { SentNotification } from '../data/notifications';
import { noticeMail } from './messages';
import { queueMail } from './outbox';

/** What queuing a notice needs: the token secret (which seals it) and the site's address. */
export interface NoticeMailing {
  secret: string;
  publicUrl: string;
}

/** Queues one e-mail per notification, saying what the bell says; returns how many. */
export async function queueNoticeMails(
  db: DB,
  mailing: NoticeMailing,
  sent: readonly SentNotification[],
  leagueName: string,
  now: Date,
): Promise<number> {
  if (sent.length === 0) return 0;
  const users = await rows(
    db,
    db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where(
        'id',
        'in',
        sent.map((notice) => notice.user_id),
      ),
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  let queued = 0;
  for (const notice of sent) {
    const user = byId.get(notice.user_id);
    if (!user?.email) continue;
    await queueMail(
      db,
      mailing.secret,
      {
        kind: 'notice',
        refId: String(notice.id),
        to: user.email,
        ...noticeMail({
          leagueName,
          name: user.name,
          title: notice.title,
          body: notice.body,
          link: `${mailing.publicUrl}${notice.link}`,
        }),
      },
      now,
    );
    queued += 1;
  }
  return queued;
}
