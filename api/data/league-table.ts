/**
 * A league season's table as the league page and its CSV download show it: the current
 * season ranked by the league's own rules with its deductions and cards, an
 * earlier season as it stood, under the default rules.
 */
import type { DB } from '../../db/connection';
import { explainStandings } from '../domain/standings';
import type { LeagueDto } from '../schemas';
import { cardsPerTeam } from './discipline';
import { leagueDeductions, leagueRules } from './league-rules';
import { approvedLeagueResults, leagueTeams } from './leagues';

export async function leagueStandings(db: DB, league: LeagueDto, season: string) {
  const current = season === league.season;
  const teams = await leagueTeams(db, league.league_id, season, current);
  const matches = await approvedLeagueResults(db, league.league_id, season);
  const deductions = current ? await leagueDeductions(db, league.league_id) : [];
  const options = current
    ? {
        rules: await leagueRules(db, league.league_id),
        deductions,
        cards: await cardsPerTeam(db, league.league_id, season),
      }
    : {};
  return { ...explainStandings(teams, matches, options), deductions };
}
