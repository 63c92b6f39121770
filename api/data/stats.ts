/**
 * Leaderboards and player metrics from approved results. The counting itself is the
 * domain module's; this module only loads what it needs.
 */
import type { DB } from '../../db/connection';
import { computeLeaderboards, type Leaderboards, type LeaderboardPlayer } from '../domain/leaderboards';
import type { SeasonMetricsSchema } from '../schemas';
import type { z } from 'zod';
import { rows, statement } from '../../db/store';
import { playersById, teamsById } from './lookups';
import { playsIn } from './team-plays';

/** A league's season, or a team's (only its matches, and only its own players' events). */
export type StatsScope = { leagueId: string; season: string } | { teamId: string; season: string };

const MATCH_COLUMNS = [
  'm.id',
  'm.home_team',
  'm.away_team',
  'm.home_score',
  'm.away_score',
  'm.approved',
] as const;
const EVENT_COLUMNS = ['e.match_id', 'e.team_id', 'e.player_id', 'e.kind'] as const;

/** A league season's approved matches, as `m`. */
function leagueApproved(db: DB, a: { leagueId: string; season: string }) {
  return db
    .selectFrom('matches as m')
    .where('m.approved', '=', 'TRUE')
    .where('m.league_id', '=', a.leagueId)
    .where('m.season', '=', a.season);
}

/** A team season's approved matches, as `m`. */
function teamApproved(db: DB, a: { teamId: string; season: string }) {
  return db
    .selectFrom('matches as m')
    .where('m.approved', '=', 'TRUE')
    .where(playsIn(a.teamId, { season: a.season }));
}

// Built and compiled once (db/store.ts): every leaderboard that is not cached runs them.
const LEAGUE_MATCHES = statement((db: DB, a: { leagueId: string; season: string }) =>
  leagueApproved(db, a).select(MATCH_COLUMNS),
);
const LEAGUE_EVENTS = statement((db: DB, a: { leagueId: string; season: string }) =>
  leagueApproved(db, a).innerJoin('match_events as e', 'e.match_id', 'm.id').select(EVENT_COLUMNS),
);
const TEAM_MATCHES = statement((db: DB, a: { teamId: string; season: string }) =>
  teamApproved(db, a).select(MATCH_COLUMNS),
);
const TEAM_EVENTS = statement((db: DB, a: { teamId: string; season: string }) =>
  teamApproved(db, a)
    .innerJoin('match_events as e', 'e.match_id', 'm.id')
    .where('e.team_id', '=', a.teamId)
    .select(EVENT_COLUMNS),
);

export async function leaderboards(db: DB, scope: StatsScope): Promise<Leaderboards> {
  const [matches, events] =
    'leagueId' in scope
      ? [await LEAGUE_MATCHES.all(db, scope), await LEAGUE_EVENTS.all(db, scope)]
      : [await TEAM_MATCHES.all(db, scope), await TEAM_EVENTS.all(db, scope)];

  const players = new Map<string, LeaderboardPlayer>();
  for (const row of (
    await playersById(
      db,
      events.map((event) => event.player_id),
    )
  ).values())
    players.set(row.id, { name: row.name, position: row.position, photo_id: row.photo_id });
  // A leader is listed under the team of one of their events: only those teams' names are needed.
  const teams = new Map<string, string>();
  for (const [teamId, team] of await teamsById(
    db,
    events.map((event) => event.team_id),
  ))
    teams.set(teamId, team.team_name);
  return computeLeaderboards({ matches, events, players, teams });
}

type SeasonMetrics = z.infer<typeof SeasonMetricsSchema>;

/**
 * A player's figures per season from approved results: goals, assists, clean sheets
 * (kept in a match whose opponent scored 0) and appearances (in the saved squad or
 * credited with an event).
 */
export async function playerMetrics(db: DB, playerId: string): Promise<Record<string, SeasonMetrics>> {
  const events = await rows(
    db,
    db
      .selectFrom('match_events as e')
      .innerJoin('matches as m', 'm.id', 'e.match_id')
      .select([
        'e.match_id',
        'e.kind',
        'e.team_id',
        'm.season',
        'm.home_team',
        'm.home_score',
        'm.away_score',
      ])
      .where('e.player_id', '=', playerId)
      .where('m.approved', '=', 'TRUE'),
  );
  const squads = await rows(
    db,
    db
      .selectFrom('match_squads as s')
      .innerJoin('matches as m', 'm.id', 's.match_id')
      .select(['s.match_id', 'm.season'])
      .where('s.player_id', '=', playerId)
      .where('m.approved', '=', 'TRUE'),
  );

  const metrics: Record<string, SeasonMetrics> = {};
  const appearances = new Map<string, Set<number>>();
  const seasonOf = (season: string) =>
    (metrics[season] ??= { goals: 0, assists: 0, shutouts: 0, matches: 0 });
  const appear = (season: string, matchId: number) => {
    seasonOf(season);
    const set = appearances.get(season) ?? new Set<number>();
    set.add(matchId);
    appearances.set(season, set);
  };
  const keptClean = new Set<number>();
  for (const event of events) {
    const entry = seasonOf(event.season);
    appear(event.season, event.match_id);
    if (event.kind === 'goal') entry.goals += 1;
    else if (event.kind === 'assist') entry.assists += 1;
    else {
      const conceded = event.team_id === event.home_team ? event.away_score : event.home_score;
      if (conceded === 0 && !keptClean.has(event.match_id)) {
        keptClean.add(event.match_id);
        entry.shutouts += 1;
      }
    }
  }
  for (const squad of squads) appear(squad.season, squad.match_id);
  for (const [season, set] of appearances) seasonOf(season).matches = set.size;
  return metrics;
}
