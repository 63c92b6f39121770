/**
 * What discipline is computed from: a team's matches of a league season,
 * the cards of a season's approved results, and the players' names.
 */
import { idCounts } from '../../db/rules/id-lists';
import { playerSuspension as summedBan } from '../../db/rules/suspensions';
import type { DB } from '../../db/connection';
import type { SuspensionDto } from '../schemas';
import { first, rows, statement } from '../../db/store';
import {
  activeBans,
  cardCounts,
  seasonBans,
  type Ban,
  type DisciplineMatch,
  type MatchCard,
} from '../domain/discipline';
import { findLeague } from './leagues';
import { leagueRules } from './league-rules';
import { playersById, teamsById } from './lookups';
import { playsIn } from './team-plays';

// Every squad and report checks suspensions: these run on each one, built and compiled
// once. A team's matches of a season are found along matches_home_season and
// matches_away_season, one index range per side (team-plays.ts).
type TeamSeason = { leagueId: string; season: string; teamId: string };
const teamSeason = (db: DB, a: TeamSeason) =>
  db
    .selectFrom('matches')
    .where(playsIn(a.teamId, { table: 'matches', leagueId: a.leagueId, season: a.season }));
const SEASON_MATCH_COLUMNS = [
  'id',
  'match_date',
  'status',
  'approved',
  'reviewed_at',
  'home_team',
  'away_team',
] as const;
const TEAM_SEASON_MATCHES = statement((db: DB, a: TeamSeason) =>
  teamSeason(db, a).select(SEASON_MATCH_COLUMNS),
);
const LEAGUE_SEASON_MATCHES = statement((db: DB, a: { leagueId: string; season: string }) =>
  db
    .selectFrom('matches')
    .select(SEASON_MATCH_COLUMNS)
    .where('league_id', '=', a.leagueId)
    .where('season', '=', a.season),
);

/** A match as discipline reads it: what the rules need, and who played whom. */
export interface SeasonMatch extends DisciplineMatch {
  home_team: string;
  away_team: string;
}

/** A team's matches of a league season, any order (the rules sort them). */
export async function teamSeasonMatches(
  db: DB,
  leagueId: string,
  season: string,
  teamId: string,
): Promise<SeasonMatch[]> {
  return TEAM_SEASON_MATCHES.all(db, { leagueId, season, teamId });
}

export interface SeasonCard extends MatchCard {
  team_id: string;
}

const CARD_COLUMNS = ['c.match_id', 'c.player_id', 'c.team_id', 'c.card'] as const;
const seasonCardsOf = (db: DB, leagueId: string, season: string) =>
  db
    .selectFrom('match_cards as c')
    .innerJoin('matches as m', 'm.id', 'c.match_id')
    .select(CARD_COLUMNS)
    .where('m.league_id', '=', leagueId)
    .where('m.season', '=', season)
    .where('m.approved', '=', 'TRUE')
    .orderBy('c.id');
const SEASON_CARDS = statement((db: DB, a: { leagueId: string; season: string }) =>
  seasonCardsOf(db, a.leagueId, a.season),
);
const TEAM_SEASON_CARDS = statement((db: DB, a: TeamSeason) =>
  db
    .selectFrom('match_cards as c')
    .select(CARD_COLUMNS)
    .where('c.team_id', '=', a.teamId)
    .where('c.match_id', 'in', teamSeason(db, a).select('id').where('approved', '=', 'TRUE'))
    .orderBy('c.id'),
);

/** The cards of a league season's approved results (a team's only, when given). */
export async function seasonCards(
  db: DB,
  leagueId: string,
  season: string,
  teamId?: string,
): Promise<SeasonCard[]> {
  return teamId === undefined
    ? SEASON_CARDS.all(db, { leagueId, season })
    : TEAM_SEASON_CARDS.all(db, { leagueId, season, teamId });
}

/**
 * Names of these players, by id, in id order (the same answer from any engine or
 * instance); ids of no player are left out. A match's details, discipline lists and
 * refusals name players with it.
 */
export async function namesOf(db: DB, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [id, player] of await playersById(db, ids)) names.set(id, player.name);
  return names;
}

/** Every ban of a team's players in a league season, by the league's rules, with the team's matches. */
export async function teamSeasonDiscipline(
  db: DB,
  leagueId: string,
  season: string,
  teamId: string,
  now: Date,
): Promise<{ bans: Ban[]; matches: SeasonMatch[] }> {
  const cards = await seasonCards(db, leagueId, season, teamId);
  // Only cards ban: a team without any this season (every team, early on) needs no more reads.
  if (cards.length === 0) return { bans: [], matches: [] };
  const [matches, rules] = [
    await teamSeasonMatches(db, leagueId, season, teamId),
    await leagueRules(db, leagueId),
  ];
  return { bans: seasonBans(matches, cards, rules.suspensions, now), matches };
}

/** Every ban of a team's players in a league season, by the league's rules. */
export async function teamSeasonBans(
  db: DB,
  leagueId: string,
  season: string,
  teamId: string,
  now: Date,
): Promise<Ban[]> {
  return (await teamSeasonDiscipline(db, leagueId, season, teamId, now)).bans;
}

/** A ban still to serve, with its team. */
export interface TeamBan extends Ban {
  team_id: string;
}

/**
 * The bans still to serve of every team of a league season, with the season's matches:
 * one read of the season's cards and one of its matches, whatever the number of teams.
 */
export async function leagueSeasonBans(
  db: DB,
  leagueId: string,
  season: string,
  now: Date,
): Promise<{ bans: TeamBan[]; matches: SeasonMatch[] }> {
  const cards = await seasonCards(db, leagueId, season);
  if (cards.length === 0) return { bans: [], matches: [] };
  const [matches, rules] = [
    await LEAGUE_SEASON_MATCHES.all(db, { leagueId, season }),
    await leagueRules(db, leagueId),
  ];
  const bans: TeamBan[] = [];
  for (const teamId of [...new Set(cards.map((card) => card.team_id))].sort()) {
    const played = matches.filter((match) => match.home_team === teamId || match.away_team === teamId);
    const own = cards.filter((card) => card.team_id === teamId);
    for (const ban of activeBans(seasonBans(played, own, rules.suspensions, now))) {
      bans.push({ ...ban, team_id: teamId });
    }
  }
  return { bans, matches };
}

/**
 * Bans still to serve as the API lists them: who, for which club, why, the card's match
 * and the upcoming matches the ban keeps them out of (those not yet fixed are counted in
 * matches_remaining only).
 */
export async function suspensionList(
  db: DB,
  bans: readonly TeamBan[],
  matches: readonly SeasonMatch[],
): Promise<SuspensionDto[]> {
  const byId = new Map(matches.map((match) => [match.id, match]));
  const names = await namesOf(
    db,
    bans.map((ban) => ban.player_id),
  );
  const teams = await teamsById(
    db,
    matches.flatMap((match) => [match.home_team, match.away_team]).concat(bans.map((ban) => ban.team_id)),
  );
  const teamName = (id: string) => teams.get(id)?.team_name ?? id;
  const against = (id: number, teamId: string) => {
    const match = byId.get(id);
    if (!match) return null;
    const home = match.home_team === teamId;
    const opponent = home ? match.away_team : match.home_team;
    return {
      match_id: id,
      date: match.match_date,
      home,
      opponent_id: opponent,
      opponent_name: teamName(opponent),
    };
  };
  return bans.map((ban) => {
    const upcoming = ban.match_ids.filter((id) => !ban.served_ids.includes(id));
    return {
      player_id: ban.player_id,
      name: names.get(ban.player_id) ?? ban.player_id,
      team_id: ban.team_id,
      team_name: teamName(ban.team_id),
      reason: ban.reason,
      matches_remaining: ban.matches_remaining,
      match_ids: upcoming,
      card_match: against(ban.card_match_id, ban.team_id),
      matches: upcoming.flatMap((id) => against(id, ban.team_id) ?? []),
    };
  });
}

/** Cards per team in a league season's approved results: the fair_play tie-breaker's count. */
export async function cardsPerTeam(db: DB, leagueId: string, season: string): Promise<Map<string, number>> {
  return idCounts((await seasonCards(db, leagueId, season)).map((card) => card.team_id));
}

/** A player's cards per league season (approved results), newest season first. */
export async function playerCards(db: DB, playerId: string) {
  const cards = await rows(
    db,
    db
      .selectFrom('match_cards as c')
      .innerJoin('matches as m', 'm.id', 'c.match_id')
      .innerJoin('leagues as l', 'l.league_id', 'm.league_id')
      .select(['c.match_id', 'c.player_id', 'c.card', 'm.league_id', 'm.season', 'l.league_name'])
      .where('c.player_id', '=', playerId)
      .where('m.approved', '=', 'TRUE')
      .orderBy('c.id'),
  );
  const seasons = new Map<
    string,
    { league_id: string; league_name: string; season: string; cards: MatchCard[] }
  >();
  for (const row of cards) {
    const key = `${row.season}\u0000${row.league_id}`;
    const entry = seasons.get(key) ?? {
      league_id: row.league_id,
      league_name: row.league_name,
      season: row.season,
      cards: [],
    };
    entry.cards.push(row);
    seasons.set(key, entry);
  }
  return [...seasons.values()]
    .sort((a, b) =>
      a.season === b.season ? a.league_name.localeCompare(b.league_name) : a.season < b.season ? 1 : -1,
    )
    .map(({ cards, ...season }) => {
      const count = cardCounts(cards).get(playerId) ?? { yellow_cards: 0, red_cards: 0 };
      return { ...season, ...count };
    });
}

/** The ban a team's player still has to serve (the first, when several), or null. */
export async function playerSuspension(db: DB, playerId: string, teamId: string | null, now: Date) {
  if (teamId === null) return null;
  const team = await first(db, db.selectFrom('teams').select('league_id').where('team_id', '=', teamId));
  const league = team?.league_id ? await findLeague(db, team.league_id) : undefined;
  if (!league) return null;
  const bans = activeBans(await teamSeasonBans(db, league.league_id, league.season, teamId, now));
  return summedBan(bans, playerId) ?? null;
}

/** A team and the league it is registered for (undefined: none); undefined: no such team. */
export async function teamLeague(db: DB, teamId: string) {
  const team = await first(
    db,
    db.selectFrom('teams').select(['team_id', 'league_id']).where('team_id', '=', teamId),
  );
  if (!team) return undefined;
  return { ...team, league: team.league_id === null ? undefined : await findLeague(db, team.league_id) };
}

/** A league season's cards per player, reds first, then yellows, then name. */
export async function leagueDiscipline(db: DB, leagueId: string, season: string) {
  const cards = await seasonCards(db, leagueId, season);
  const teamOf = new Map(cards.map((card) => [card.player_id, card.team_id]));
  const counts = cardCounts(cards);
  const players = await namesOf(db, [...counts.keys()]);
  const teams = await teamsById(db, teamOf.values());
  const rows = [...counts].map(([playerId, count]) => {
    const teamId = teamOf.get(playerId) ?? '';
    return {
      player_id: playerId,
      name: players.get(playerId) ?? playerId,
      team_id: teamId,
      team_name: teams.get(teamId)?.team_name ?? teamId,
      yellow_cards: count.yellow_cards,
      red_cards: count.red_cards,
    };
  });
  return rows.sort(
    (a, b) =>
      b.red_cards - a.red_cards ||
      b.yellow_cards - a.yellow_cards ||
      a.name.localeCompare(b.name) ||
      (a.player_id < b.player_id ? -1 : 1),
  );
}
