/**
 * Writes to teams and rosters. Callers pass the transaction handle of
 * `writeTransaction`, so a check and the write it guards see the same data.
 */
import { notePrimaryOf } from './memberships';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/connection';
import { changed, first, only, rows, run } from '../../db/store';
import type { Database, Position, PositionGeneral } from '../../db/schema';
import { playsIn } from './team-plays';

export async function leagueExists(db: DB, leagueId: string): Promise<boolean> {
  const row = await first(db, db.selectFrom('leagues').select('league_id').where('league_id', '=', leagueId));
  return row !== undefined;
}

export async function insertTeam(
  db: DB,
  team: {
    team_id: string;
    team_name: string;
    location: string;
    description: string;
    league_id: string | null;
  },
  now: Date,
): Promise<void> {
  await run(
    db,
    db.insertInto('teams').values({
      ...team,
      logo: null,
      youtube_channel: null,
      website: null,
      social_media: null,
      news_url: null,
      created_at: now.toISOString(),
    }),
  );
}

/** Matches naming the team (as a side, or through its players' events and squads): each pins the team row. */
export async function teamMatchCount(db: DB, teamId: string): Promise<number> {
  const row = await only(
    db,
    db
      .selectFrom('matches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          playsIn(teamId, { table: 'matches' }),
          eb('id', 'in', eb.selectFrom('match_events').select('match_id').where('team_id', '=', teamId)),
          eb('id', 'in', eb.selectFrom('match_squads').select('match_id').where('team_id', '=', teamId)),
          eb('id', 'in', eb.selectFrom('match_cards').select('match_id').where('team_id', '=', teamId)),
          eb('id', 'in', eb.selectFrom('match_own_goals').select('match_id').where('team_id', '=', teamId)),
        ]),
      ),
  );
  return row.n;
}

/** The accounts with a membership of the team, or whose primary team it is. */
export async function teamUserIds(db: DB, teamId: string): Promise<string[]> {
  const users = await rows(
    db,
    db
      .selectFrom('users')
      .select('id')
      .where('team_id', '=', teamId)
      .union(db.selectFrom('memberships').select('user_id as id').where('team_id', '=', teamId))
      .orderBy('id'),
  );
  return users.map((row) => row.id);
}

/**
 * Removes a team with its roster. Players with match history elsewhere (a transfer)
 * cannot be deleted, since events and squads reference them: they stay, teamless.
 * Accounts stay too, detached from the team.
 */
export async function deleteTeamWithRoster(db: DB, teamId: string) {
  const deleted = await changed(
    db,
    db
      .deleteFrom('players')
      .where('team_id', '=', teamId)
      .where((eb) => eb.not(hasHistory(eb))),
  );
  const kept = await changed(
    db,
    db.updateTable('players').set({ team_id: null }).where('team_id', '=', teamId),
  );
  const coaches = await changed(db, db.deleteFrom('coaches').where('team_id', '=', teamId));
  const members = await teamUserIds(db, teamId);
  const users = await changed(
    db,
    db.updateTable('users').set({ team_id: null }).where('team_id', '=', teamId),
  );
  // The team's memberships go with it (ON DELETE CASCADE); each member's primary one follows.
  await run(db, db.deleteFrom('teams').where('team_id', '=', teamId));
  for (const userId of members) await notePrimaryOf(db, userId);
  return {
    players_deleted: deleted,
    players_kept: kept,
    coaches_deleted: coaches,
    users_detached: users,
  };
}

function hasHistory(eb: ExpressionBuilder<Database, 'players'>) {
  return eb.or([
    eb.exists(eb.selectFrom('match_events as e').select('e.id').whereRef('e.player_id', '=', 'players.id')),
    eb.exists(eb.selectFrom('match_squads as s').select('s.id').whereRef('s.player_id', '=', 'players.id')),
    eb.exists(eb.selectFrom('match_cards as k').select('k.id').whereRef('k.player_id', '=', 'players.id')),
    eb.exists(
      eb.selectFrom('match_own_goals as o').select('o.id').whereRef('o.player_id', '=', 'players.id'),
    ),
  ]);
}

/** Whether any match event, card, own goal or saved squad names the player. */
export async function hasMatchHistory(db: DB, playerId: string): Promise<boolean> {
  const row = await first(
    db,
    db
      .selectFrom('match_events')
      .select('player_id')
      .where('player_id', '=', playerId)
      .union(db.selectFrom('match_squads').select('player_id').where('player_id', '=', playerId))
      .union(db.selectFrom('match_cards').select('player_id').where('player_id', '=', playerId))
      .union(db.selectFrom('match_own_goals').select('player_id').where('player_id', '=', playerId))
      .limit(1),
  );
  return row !== undefined;
}

/** The player wearing `number` in the team, other than `exceptId`. */
export async function shirtNumberHolder(
  db: DB,
  teamId: string,
  number: number,
  exceptId?: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('players')
    .select('id')
    .where('team_id', '=', teamId)
    .where('number', '=', number);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const row = await first(db, query);
  return row?.id;
}

export interface NewRosterPlayer {
  id: string;
  team_id: string;
  name: string;
  number: number;
  position: Position;
  position_general: PositionGeneral;
  photo_id: string | null;
  metrics: Record<string, string | number | boolean>;
}

export async function insertRosterPlayer(db: DB, player: NewRosterPlayer, now: Date): Promise<void> {
  await run(
    db,
    db.insertInto('players').values({
      ...player,
      user_id: null,
      bio: '',
      metrics: JSON.stringify(player.metrics),
      created_at: now.toISOString(),
    }),
  );
}

/** Takes the player off the roster (freeing the shirt number) but keeps the row for history. */
export async function releasePlayer(db: DB, playerId: string): Promise<void> {
  await run(db, db.updateTable('players').set({ team_id: null }).where('id', '=', playerId));
}

export async function deletePlayer(db: DB, playerId: string): Promise<void> {
  await run(db, db.deleteFrom('players').where('id', '=', playerId));
}

export async function updatePlayerPlacement(
  db: DB,
  playerId: string,
  changes: { position: Position; position_general: PositionGeneral; number: number },
): Promise<void> {
  await run(db, db.updateTable('players').set(changes).where('id', '=', playerId));
}

/** The club's own fields a team edit may change. */
export interface TeamChanges {
  team_name?: string;
  location?: string;
  description?: string;
  website?: string | null;
  news_url?: string | null;
  youtube_channel?: string | null;
  logo?: string | null;
}

export async function updateTeamFields(db: DB, teamId: string, changes: TeamChanges): Promise<void> {
  await run(db, db.updateTable('teams').set(changes).where('team_id', '=', teamId));
}

export async function updatePlayerFields(
  db: DB,
  playerId: string,
  changes: { name?: string; team_id?: string; photo_id?: string | null },
): Promise<void> {
  await run(db, db.updateTable('players').set(changes).where('id', '=', playerId));
}

/**
 * Takes a player who left `teamId` out of its saved squads for matches nobody has
 * reported yet; a reported or approved match keeps its squad as it was played.
 * Returns the matches whose squad changed.
 */
export async function leaveUnplayedSquads(db: DB, playerId: string, teamId: string): Promise<number[]> {
  const open = await rows(
    db,
    db
      .selectFrom('match_squads as s')
      .innerJoin('matches as m', 'm.id', 's.match_id')
      .select('s.match_id')
      .where('s.player_id', '=', playerId)
      .where('s.team_id', '=', teamId)
      .where('m.reported_at', 'is', null)
      .where('m.approved', '<>', 'TRUE')
      .orderBy('s.match_id'),
  );
  const matchIds = open.map((row) => row.match_id);
  if (matchIds.length > 0) {
    await run(
      db,
      db
        .deleteFrom('match_squads')
        .where('player_id', '=', playerId)
        .where('team_id', '=', teamId)
        .where('match_id', 'in', matchIds),
    );
  }
  return matchIds;
}

/**
 * A moved player's account follows the roster record: its player membership names the new
 * team, and the account's primary membership is noted again. Returns the accounts moved.
 */
export async function movePlayerMemberships(
  db: DB,
  playerId: string,
  from: string,
  to: string,
): Promise<string[]> {
  const members = await rows(
    db,
    db
      .selectFrom('memberships')
      .select('user_id')
      .where('role', '=', 'player')
      .where('player_id', '=', playerId)
      .where('team_id', '=', from),
  );
  if (members.length === 0) return [];
  await run(
    db,
    db
      .updateTable('memberships')
      .set({ team_id: to })
      .where('role', '=', 'player')
      .where('player_id', '=', playerId)
      .where('team_id', '=', from),
  );
  const userIds = [...new Set(members.map((row) => row.user_id))];
  for (const userId of userIds) await notePrimaryOf(db, userId);
  return userIds;
}
