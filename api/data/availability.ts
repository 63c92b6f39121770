/**
 * Players' answers to whether they can play a match (migration 0018): a team's answers
 * for one match, a player's own upcoming matches, and setting an answer. An answer given
 * before the match was moved or postponed is stale (its schedule_sequence is behind the
 * match's) until the player answers again.
 */
import type { DB } from '../../db/connection';
import type { AvailabilityAnswer, NotificationKind } from '../../db/schema';
import { first, rows, run } from '../../db/store';

/** One rostered player's line in a team's answers for a match. */
export interface AvailabilityLine {
  player_id: string;
  name: string;
  number: number;
  answer: AvailabilityAnswer | null;
  note: string;
  answered_at: string | null;
  stale: boolean;
}

/** An answer's columns, read beside its match (`m`) from `availability as a` joined on the left. */
const ANSWER_COLUMNS = [
  'a.answer',
  'a.note',
  'a.answered_at',
  'a.schedule_sequence as answered_sequence',
  'm.schedule_sequence as match_sequence',
] as const;

/** An answer as it is shown, from ANSWER_COLUMNS (all null: not answered). */
function answerOf(row: {
  answer: AvailabilityAnswer | null;
  note: string | null;
  answered_at: string | null;
  answered_sequence: number | null;
  match_sequence: number;
}) {
  return {
    answer: row.answer,
    note: row.note ?? '',
    answered_at: row.answered_at,
    stale: row.answered_sequence !== null && row.answered_sequence < row.match_sequence,
  };
}

/**
 * The team's roster by shirt number, each with their answer for the match (if any); only
 * `playerId`'s line when one is named.
 */
export async function teamAnswers(
  db: DB,
  matchId: number,
  teamId: string,
  playerId?: string,
): Promise<AvailabilityLine[]> {
  let query = db
    .selectFrom('players as p')
    .innerJoin('matches as m', (join) => join.on('m.id', '=', matchId))
    .leftJoin('availability as a', (join) =>
      join.onRef('a.player_id', '=', 'p.id').on('a.match_id', '=', matchId),
    )
    .select(['p.id as player_id', 'p.name', 'p.number', ...ANSWER_COLUMNS])
    .where('p.team_id', '=', teamId);
  if (playerId !== undefined) query = query.where('p.id', '=', playerId);
  const found = await rows(db, query.orderBy('p.number').orderBy('p.id'));
  return found.map((row) => ({
    player_id: row.player_id,
    name: row.name,
    number: row.number,
    ...answerOf(row),
  }));
}

/**
 * Sets (or replaces) a player's answer for a match, as of the match's current schedule.
 * The same answer again, with nothing to confirm, keeps when it was first given: "answered
 * on Tuesday" stays true when a link is opened twice or a send is repeated.
 */
export async function setAnswer(
  db: DB,
  answer: {
    matchId: number;
    playerId: string;
    answer: AvailabilityAnswer;
    /** Without one, a previous answer's note stays. */
    note: string | undefined;
    at: string;
    by: string | null;
  },
): Promise<void> {
  const match = await first(
    db,
    db.selectFrom('matches').select('schedule_sequence').where('id', '=', answer.matchId),
  );
  if (match === undefined) return;
  const before = await first(
    db,
    db
      .selectFrom('availability')
      .select(['answer', 'note', 'schedule_sequence'])
      .where('match_id', '=', answer.matchId)
      .where('player_id', '=', answer.playerId),
  );
  if (
    before !== undefined &&
    before.answer === answer.answer &&
    (answer.note === undefined || before.note === answer.note) &&
    before.schedule_sequence === match.schedule_sequence
  ) {
    return;
  }
  await run(
    db,
    db
      .insertInto('availability')
      .values({
        match_id: answer.matchId,
        player_id: answer.playerId,
        answer: answer.answer,
        note: answer.note ?? '',
        answered_at: answer.at,
        answered_by: answer.by,
        schedule_sequence: match.schedule_sequence,
      })
      .onConflict((conflict) =>
        conflict.columns(['match_id', 'player_id']).doUpdateSet({
          answer: answer.answer,
          ...(answer.note !== undefined ? { note: answer.note } : {}),
          answered_at: answer.at,
          answered_by: answer.by,
          schedule_sequence: match.schedule_sequence,
        }),
      ),
  );
}

/** A player's roster record: their team, or null when they are in none. */
export async function playerTeam(
  db: DB,
  playerId: string,
): Promise<
  { team_id: string | null; team_name: string | null; name: string; user_id: string | null } | undefined
> {
  return first(
    db,
    db
      .selectFrom('players as p')
      .leftJoin('teams as t', 't.team_id', 'p.team_id')
      .select(['p.team_id', 't.team_name', 'p.name', 'p.user_id'])
      .where('p.id', '=', playerId),
  );
}

/** The roster player whose record names this user, if any. */
export async function playerOfUser(db: DB, userId: string): Promise<string | null> {
  const row = await first(db, db.selectFrom('players').select('id').where('user_id', '=', userId));
  return row?.id ?? null;
}

/** The hours before kick-off a team's answers close. */
export async function deadlineHours(db: DB, teamId: string): Promise<number> {
  const team = await first(
    db,
    db.selectFrom('teams').select('availability_deadline_hours').where('team_id', '=', teamId),
  );
  return team?.availability_deadline_hours ?? 24;
}

/** Sets how many hours before kick-off a team's answers close. */
export async function setDeadlineHours(db: DB, teamId: string, hours: number): Promise<void> {
  await run(
    db,
    db.updateTable('teams').set({ availability_deadline_hours: hours }).where('team_id', '=', teamId),
  );
}

/** When answers for a match kicking off at `matchDate` close, for a team closing them `hours` before. */
export function answerDeadline(matchDate: string, hours: number): string {
  return new Date(Date.parse(matchDate) - hours * 3_600_000).toISOString();
}

/** A player's upcoming matches (kick-off after `now`, not postponed) with their answer. */
export interface PlayerMatch {
  match_id: number;
  match_date: string;
  location: string;
  status: string;
  home_team: string;
  away_team: string;
  home_team_name: string;
  away_team_name: string;
  team_id: string;
  deadline: string;
  answer: AvailabilityAnswer | null;
  note: string;
  answered_at: string | null;
  stale: boolean;
}

/** How many upcoming matches "My matches" lists at most. */
export const MY_MATCHES_LIMIT = 20;

export async function playerUpcomingMatches(db: DB, playerId: string, now: Date): Promise<PlayerMatch[]> {
  const player = await first(
    db,
    db
      .selectFrom('players as p')
      .innerJoin('teams as t', 't.team_id', 'p.team_id')
      .select(['p.team_id', 't.availability_deadline_hours'])
      .where('p.id', '=', playerId),
  );
  if (!player?.team_id) return [];
  const teamId = player.team_id;
  const found = await rows(
    db,
    db
      .selectFrom('matches as m')
      .innerJoin('teams as h', 'h.team_id', 'm.home_team')
      .innerJoin('teams as w', 'w.team_id', 'm.away_team')
      .leftJoin('availability as a', (join) =>
        join.onRef('a.match_id', '=', 'm.id').on('a.player_id', '=', playerId),
      )
      .select([
        'm.id as match_id',
        'm.match_date',
        'm.location',
        'm.status',
        'm.home_team',
        'm.away_team',
        'h.team_name as home_team_name',
        'w.team_name as away_team_name',
        ...ANSWER_COLUMNS,
      ])
      .where((eb) => eb.or([eb('m.home_team', '=', teamId), eb('m.away_team', '=', teamId)]))
      .where('m.match_date', '>', now.toISOString())
      .where('m.approved', '=', '')
      .orderBy('m.match_date')
      .orderBy('m.id')
      .limit(MY_MATCHES_LIMIT),
  );
  return found.map((row) => ({
    match_id: row.match_id,
    match_date: row.match_date,
    location: row.location,
    status: row.status,
    home_team: row.home_team,
    away_team: row.away_team,
    home_team_name: row.home_team_name,
    away_team_name: row.away_team_name,
    team_id: teamId,
    deadline: answerDeadline(row.match_date, player.availability_deadline_hours),
    ...answerOf(row),
  }));
}

/**
 * The accounts of the players who answered for a match (their roster record's user, or a
 * player membership naming it) and have not muted `kind`: told when the match moves.
 */
export async function answeredPlayerUsers(
  db: DB,
  matchId: number,
  kind: NotificationKind,
): Promise<string[]> {
  const found = await rows(
    db,
    db
      .selectFrom('availability as a')
      .innerJoin('players as p', 'p.id', 'a.player_id')
      .leftJoin('memberships as ms', (join) =>
        join.onRef('ms.player_id', '=', 'p.id').on('ms.role', '=', 'player'),
      )
      .select((eb) => eb.fn.coalesce('p.user_id', 'ms.user_id').as('user_id'))
      .where('a.match_id', '=', matchId)
      .where((eb) => eb.or([eb('p.user_id', 'is not', null), eb('ms.user_id', 'is not', null)])),
  );
  const users = [...new Set(found.map((row) => row.user_id).filter((id): id is string => id !== null))];
  if (users.length === 0) return [];
  const muted = await rows(
    db,
    db
      .selectFrom('notification_mutes')
      .select('user_id')
      .where('kind', '=', kind)
      .where('user_id', 'in', users),
  );
  const silent = new Set(muted.map((row) => row.user_id));
  return users.filter((user) => !silent.has(user)).sort();
}
