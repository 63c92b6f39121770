/**
 * Players and teams by id: one statement each, whatever a caller needs of them (a name, a
 * team, a crest). Each takes its ids as one JSON list (`inList`), so its text is the same
 * for any number of them and it is prepared once.
 */
import type { DB } from '../../db/connection';
import { inList, listArgument } from '../../db/dialect-sql';
import { statement } from '../../db/store';

const PLAYERS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('players')
    .select(['id', 'name', 'team_id', 'position', 'photo_id'])
    .where(inList(db, 'id', a.ids))
    .orderBy('id'),
);

const TEAMS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('teams')
    .select(['team_id', 'team_name', 'logo'])
    .where(inList(db, 'team_id', a.ids)),
);

export interface PlayerLookup {
  id: string;
  name: string;
  team_id: string | null;
  position: string;
  photo_id: string | null;
}

export interface TeamLabel {
  team_name: string;
  logo: string | null;
}

/** These players, by id, in id order (the same from any engine); ids of no player are left out. */
export async function playersById(db: DB, ids: Iterable<string>): Promise<Map<string, PlayerLookup>> {
  const unique = new Set(ids);
  if (unique.size === 0) return new Map();
  const found = await PLAYERS.all(db, { ids: listArgument(unique) });
  return new Map(found.map((player) => [player.id, player]));
}

/** These teams' names and crests, by id; ids of no team are left out. */
export async function teamsById(db: DB, ids: Iterable<string>): Promise<Map<string, TeamLabel>> {
  const unique = new Set(ids);
  if (unique.size === 0) return new Map();
  const found = await TEAMS.all(db, { ids: listArgument(unique) });
  return new Map(found.map((team) => [team.team_id, { team_name: team.team_name, logo: team.logo }]));
}

const LEAGUE_OF_TEAM = statement((db: DB, a: { teamId: string }) =>
  db.selectFrom('teams').select('league_id').where('team_id', '=', a.teamId),
);

/** The league a team plays in: undefined for no such team, null for a team in no league. */
export async function leagueOfTeam(db: DB, teamId: string): Promise<string | null | undefined> {
  return (await LEAGUE_OF_TEAM.first(db, { teamId }))?.league_id;
}
