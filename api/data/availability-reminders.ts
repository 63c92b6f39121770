/**
 * Reminding players to say whether they can play (migration 0019):
 * - on the coach's demand ("Remind those who have not answered"), and
 * - by themselves, twice before each match, from the periodic sweep.
 * A player is reminded at most once every REMIND_EVERY_HOURS for a match, and each
 * automatic reminder of a team's match goes once: both are claimed with a conditional
 * upsert inside the transaction that stores the notifications, so of two instances (or a
 * coach and the sweep) at the same moment only one changes the row and tells anyone.
 *
 * Only players with an account can be told (in the app, by Web Push, by e-mail); the
 * others answer from their personal link, which their staff send them.
 */
import type { DB } from '../../db/connection';
import { first, rows, run } from '../../db/store';
import { answerReminder, type TeamFixture } from '../domain/notification-text';
import { answerDeadline } from './availability';
import { notifyUsers, type SentNotification } from './notifications';
import { transactionPerChunk } from './chunks';
import { queueNoticeMails, type NoticeMailing } from '../mail/notices';

/** A player is reminded of a match at most once in this many hours. */
export const REMIND_EVERY_HOURS = 12;
/** The first automatic reminder: this many hours before kick-off. */
export const FIRST_REMINDER_HOURS = 72;
/** The last automatic reminder: this many hours before kick-off. */
export const LAST_REMINDER_HOURS = 24;
/** The longest answer deadline (api/routes/availability.ts DEADLINE_HOURS_MAX): the sweep looks this far ahead. */
const LONGEST_DEADLINE_HOURS = 336;

const HOUR_MS = 3_600_000;

/** The players of a team who have not answered for a match (or must confirm after a date change). */
export interface Unanswered {
  /** Those with an account, who can be reminded. */
  accounts: { player_id: string; user_id: string }[];
  /** How many have no account: they answer from their personal link. */
  withoutAccount: number;
}

export async function unansweredPlayers(db: DB, matchId: number, teamId: string): Promise<Unanswered> {
  const found = await rows(
    db,
    db
      .selectFrom('players as p')
      .innerJoin('matches as m', (join) => join.on('m.id', '=', matchId))
      .leftJoin('availability as a', (join) =>
        join.onRef('a.player_id', '=', 'p.id').on('a.match_id', '=', matchId),
      )
      .leftJoin('memberships as ms', (join) =>
        join.onRef('ms.player_id', '=', 'p.id').on('ms.role', '=', 'player'),
      )
      .select((eb) => ['p.id as player_id', eb.fn.coalesce('p.user_id', 'ms.user_id').as('user_id')])
      .where('p.team_id', '=', teamId)
      .where((eb) =>
        eb.or([eb('a.id', 'is', null), eb('a.schedule_sequence', '<', eb.ref('m.schedule_sequence'))]),
      )
      .orderBy('p.id'),
  );
  const byPlayer = new Map<string, string | null>();
  for (const row of found) if (!byPlayer.get(row.player_id)) byPlayer.set(row.player_id, row.user_id);
  const accounts = [...byPlayer].flatMap(([player_id, user_id]) => (user_id ? [{ player_id, user_id }] : []));
  return { accounts, withoutAccount: byPlayer.size - accounts.length };
}

/**
 * Claims a reminder for each of these players not reminded of the match within
 * REMIND_EVERY_HOURS: the players whose claim this call made (the others were reminded
 * lately, or another instance claimed them first).
 */
async function claimReminders(db: DB, matchId: number, playerIds: readonly string[], now: Date) {
  if (playerIds.length === 0) return new Set<string>();
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - REMIND_EVERY_HOURS * HOUR_MS).toISOString();
  const claimed = await rows(
    db,
    db
      .insertInto('availability_reminders')
      .values(playerIds.map((player_id) => ({ match_id: matchId, player_id, sent_at: at })))
      .onConflict((conflict) =>
        conflict
          .columns(['match_id', 'player_id'])
          .doUpdateSet({ sent_at: (eb) => eb.ref('excluded.sent_at') })
          .where('availability_reminders.sent_at', '<=', cutoff),
      )
      .returning('player_id'),
  );
  return new Set(claimed.map((row) => row.player_id));
}

/** Users among these who muted reminders. */
async function mutedReminders(db: DB, users: readonly string[]): Promise<Set<string>> {
  if (users.length === 0) return new Set();
  const muted = await rows(
    db,
    db
      .selectFrom('notification_mutes')
      .select('user_id')
      .where('kind', '=', 'availability_reminder')
      .where('user_id', 'in', users),
  );
  return new Set(muted.map((row) => row.user_id));
}

export interface Reminded {
  sent: SentNotification[];
  /** Players told now. */
  reminded: number;
  /** Players not told: reminded within REMIND_EVERY_HOURS, or muted reminders. */
  remindedLately: number;
  withoutAccount: number;
}

/**
 * Reminds the team's players who have not answered for the match, each with a
 * notification of their own (its task is their answer, so the bell shows it done once
 * they answer, and a newer reminder replaces it).
 */
export async function remindTeam(
  db: DB,
  fixture: TeamFixture & { teamId: string; deadline: string },
  now: Date,
): Promise<Reminded> {
  const { accounts, withoutAccount } = await unansweredPlayers(db, fixture.matchId, fixture.teamId);
  const muted = await mutedReminders(
    db,
    accounts.map((account) => account.user_id),
  );
  const open = accounts.filter((account) => !muted.has(account.user_id));
  const claimed = await claimReminders(
    db,
    fixture.matchId,
    open.map((account) => account.player_id),
    now,
  );
  const sent: SentNotification[] = [];
  const at = now.toISOString();
  for (const account of open) {
    if (!claimed.has(account.player_id)) continue;
    const message = answerReminder(fixture, account.player_id, fixture.deadline);
    sent.push(...(await notifyUsers(db, [account.user_id], message, at)));
  }
  return { sent, reminded: claimed.size, remindedLately: accounts.length - claimed.size, withoutAccount };
}

/**
 * Which automatic reminder is due for a team's match now: 0 none, 1 the first, 2 the last.
 * They go FIRST_REMINDER_HOURS and LAST_REMINDER_HOURS before kick-off, but never later
 * than REMIND_EVERY_HOURS before the team's answers close: with the default deadline (24
 * hours before kick-off) a reminder at 24 hours would come as answers close.
 */
export function dueReminder(kickOff: string, deadlineHours: number, now: Date): 0 | 1 | 2 {
  const kick = Date.parse(kickOff);
  const deadline = Date.parse(answerDeadline(kickOff, deadlineHours));
  if (now.getTime() >= deadline) return 0;
  const latest = deadline - REMIND_EVERY_HOURS * HOUR_MS;
  const last = Math.min(kick - LAST_REMINDER_HOURS * HOUR_MS, latest);
  const firstAt = Math.min(kick - FIRST_REMINDER_HOURS * HOUR_MS, latest);
  if (now.getTime() >= last) return 2;
  if (now.getTime() >= firstAt) return 1;
  return 0;
}

/** Claims a team's automatic reminder: true for the one caller whose upsert moved the stage on. */
async function claimStage(db: DB, matchId: number, teamId: string, stage: number): Promise<boolean> {
  const claimed = await first(
    db,
    db
      .insertInto('availability_reminder_stages')
      .values({ match_id: matchId, team_id: teamId, stage })
      .onConflict((conflict) =>
        conflict
          .columns(['match_id', 'team_id'])
          .doUpdateSet({ stage: (eb) => eb.ref('excluded.stage') })
          .where('availability_reminder_stages.stage', '<', stage),
      )
      .returning('match_id'),
  );
  return claimed !== undefined;
}

/** A moved match starts its automatic reminders again, counted from its new date. */
export async function restartReminders(db: DB, matchId: number): Promise<void> {
  await run(db, db.deleteFrom('availability_reminder_stages').where('match_id', '=', matchId));
}

/** Matches the sweep reads per transaction. */
const SWEEP_CHUNK = 50;

/**
 * Sends the automatic reminders that are due: for every scheduled, unreported match
 * kicking off within the reach of the longest deadline, each team whose due reminder has
 * not gone. Safe on every instance at once (claimStage). A few matches per transaction,
 * so the event loop is never held long.
 */
export async function sweepAvailabilityReminders(
  db: DB,
  now: Date,
  { mailing = null, stopped = () => false }: { mailing?: NoticeMailing | null; stopped?: () => boolean } = {},
): Promise<{ sent: SentNotification[]; mailed: number }> {
  const sent: SentNotification[] = [];
  let mailed = 0;
  const horizon = new Date(
    now.getTime() + (LONGEST_DEADLINE_HOURS + FIRST_REMINDER_HOURS) * HOUR_MS,
  ).toISOString();
  let after: { date: string; id: number } | null = null;
  await transactionPerChunk(
    db,
    async (trx) => {
      const from = after;
      let query = trx
        .selectFrom('matches as m')
        .innerJoin('teams as h', 'h.team_id', 'm.home_team')
        .innerJoin('teams as w', 'w.team_id', 'm.away_team')
        .innerJoin('leagues as l', 'l.league_id', 'm.league_id')
        .leftJoin('availability_reminder_stages as hs', (join) =>
          join.onRef('hs.match_id', '=', 'm.id').onRef('hs.team_id', '=', 'm.home_team'),
        )
        .leftJoin('availability_reminder_stages as ws', (join) =>
          join.onRef('ws.match_id', '=', 'm.id').onRef('ws.team_id', '=', 'm.away_team'),
        )
        .select([
          'm.id',
          'm.match_date',
          'm.location',
          'm.home_team',
          'm.away_team',
          'l.league_name',
          'h.team_name as home_name',
          'w.team_name as away_name',
          'h.availability_deadline_hours as home_hours',
          'w.availability_deadline_hours as away_hours',
          'hs.stage as home_stage',
          'ws.stage as away_stage',
        ])
        .where('m.status', '=', 'scheduled')
        .where('m.approved', '=', '')
        .where('m.match_date', '>', now.toISOString())
        .where('m.match_date', '<=', horizon);
      if (from !== null) {
        query = query.where((eb) =>
          eb.or([
            eb('m.match_date', '>', from.date),
            eb.and([eb('m.match_date', '=', from.date), eb('m.id', '>', from.id)]),
          ]),
        );
      }
      const found = await rows(trx, query.orderBy('m.match_date').orderBy('m.id').limit(SWEEP_CHUNK));
      for (const match of found) {
        const sides = [
          {
            teamId: match.home_team,
            hours: match.home_hours,
            stage: match.home_stage,
            opponent: match.away_name,
          },
          {
            teamId: match.away_team,
            hours: match.away_hours,
            stage: match.away_stage,
            opponent: match.home_name,
          },
        ];
        for (const side of sides) {
          const due = dueReminder(match.match_date, side.hours, now);
          if (due === 0 || (side.stage ?? 0) >= due) continue;
          if (!(await claimStage(trx, match.id, side.teamId, due))) continue;
          const reminded = await remindTeam(
            trx,
            {
              matchId: match.id,
              date: match.match_date,
              location: match.location,
              opponentName: side.opponent,
              teamId: side.teamId,
              deadline: answerDeadline(match.match_date, side.hours),
            },
            now,
          );
          sent.push(...reminded.sent);
          if (mailing !== null) {
            mailed += await queueNoticeMails(trx, mailing, reminded.sent, match.league_name, now);
          }
        }
      }
      const last = found.at(-1);
      if (last !== undefined) after = { date: last.match_date, id: last.id };
      return found.length === SWEEP_CHUNK;
    },
    stopped,
  );
  return { sent, mailed };
}
