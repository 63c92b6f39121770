/**
 * Notifications from a write: stored in the write's own transaction, so one
 * exists exactly when its cause was committed, and handed to Web Push only after that
 * commit (writeTransaction calls deliverNotified), never for a write that rolled back.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import {
  audienceUsers,
  followersOf,
  notify,
  notifyUsers,
  type Audience,
  type SentNotification,
} from '../data/notifications';
import { first } from '../../db/store';
import { queueNoticeMails } from '../mail/notices';
import { forLeagueAdmins, type NotificationMessage } from '../domain/notification-text';

export async function tell(
  c: Context<AppEnv>,
  audience: Audience,
  message: NotificationMessage,
  dedupeKey: string | null = null,
): Promise<void> {
  const db = c.get('db');
  const at = c.get('options').now().toISOString();
  const league = audience.leagueAdminsOf;
  let sent;
  if (league !== undefined && message.matchId !== undefined) {
    // A result's admins open its row of their inbox; its teams' staff keep the review or the
    // form. Someone both gets it once, as an admin.
    const admins = await audienceUsers(
      db,
      { leagueAdminsOf: league, except: audience.except ?? null },
      message.kind,
    );
    const staff = (await audienceUsers(db, { ...audience, leagueAdminsOf: undefined }, message.kind)).filter(
      (user) => !admins.includes(user),
    );
    sent = [
      ...(await notifyUsers(db, staff, message, at, dedupeKey)),
      ...(await notifyUsers(db, admins, forLeagueAdmins(message, league), at, dedupeKey)),
    ];
  } else sent = await notify(db, audience, message, at, dedupeKey);
  noteNotified(c, sent);
}

/** Notes what this write stored, for Web Push after its commit (deliverNotified). */
export function noteNotified(c: Context<AppEnv>, sent: readonly SentNotification[]): void {
  if (sent.length > 0) c.set('notified', [...(c.get('notified') ?? []), ...sent]);
}

/**
 * Sends these notifications by e-mail too, to each recipient's address, when the server
 * sends mail: queued in the write's transaction, sent after its commit.
 */
export async function mailNotified(
  c: Context<AppEnv>,
  sent: readonly SentNotification[],
  leagueId: string,
): Promise<void> {
  const options = c.get('options');
  if (!options.mailEnabled || sent.length === 0) return;
  const db = c.get('db');
  const league = await first(
    db,
    db.selectFrom('leagues').select('league_name').where('league_id', '=', leagueId),
  );
  const mailing = { secret: options.jwtSecret, publicUrl: options.publicUrl };
  const now = options.now();
  if ((await queueNoticeMails(db, mailing, sent, league?.league_name ?? '', now)) > 0)
    c.set('mailQueued', true);
}

/**
 * Tells those who follow either of a match's teams, except whoever this write has already
 * told (staff hear of it in their own words, once) and the one who did it.
 */
export async function tellFollowers(
  c: Context<AppEnv>,
  teams: readonly [string, string],
  message: NotificationMessage,
  except: string | null,
): Promise<void> {
  await tellOthers(c, await followersOf(c.get('db'), teams, message.kind), message, except);
}

/**
 * Tells these users, except whoever this write has already told and the one who did it:
 * each hears of a change once, in the first words meant for them.
 */
export async function tellOthers(
  c: Context<AppEnv>,
  users: readonly string[],
  message: NotificationMessage,
  except: string | null,
): Promise<SentNotification[]> {
  const told = new Set((c.get('notified') ?? []).map((sent) => sent.user_id));
  const sent = await notifyUsers(
    c.get('db'),
    users.filter((user) => user !== except && !told.has(user)),
    message,
    c.get('options').now().toISOString(),
  );
  noteNotified(c, sent);
  return sent;
}

/** After the commit: push what the write stored. */
export function deliverNotified(c: Context<AppEnv>): void {
  const sent = c.get('notified');
  c.set('notified', undefined);
  if (sent && sent.length > 0) c.get('options').onNotified(sent);
}

/** After a rollback: what was stored is gone, so nothing is pushed. */
export function dropNotified(c: Context<AppEnv>): void {
  c.set('notified', undefined);
}
