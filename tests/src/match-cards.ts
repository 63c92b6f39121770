/**
 * Cards and ban lengths for component tests, written straight into the tiny league's
 * database behind the API mock.
 */
import { DEFAULT_RULES, type LeagueRules } from '../../api/domain/league-rules';
import { NOW } from '../fixtures/factory';
import type { ApiMock } from './api-mock';

/**
 * Cards shown in a match, listed as a report lists them: an id once per card. Each
 * card's team is its player's team.
 */
export async function showCards(
  api: ApiMock,
  matchId: number | string,
  cards: { yellow?: readonly string[]; red?: readonly string[] },
): Promise<void> {
  const { db } = api.app.connection;
  const shown = [
    ...(cards.yellow ?? []).map((player) => ({ player, card: 'yellow' as const })),
    ...(cards.red ?? []).map((player) => ({ player, card: 'red' as const })),
  ];
  const ids = shown.map(({ player }) => player);
  const players = await db.selectFrom('players').select(['id', 'team_id']).where('id', 'in', ids).execute();
  const teamOf = new Map(players.map((player) => [player.id, player.team_id]));
  await db
    .insertInto('match_cards')
    .values(
      shown.map(({ player, card }) => {
        const team = teamOf.get(player);
        if (!team) throw new Error(`showCards: ${player} plays for no team`);
        return { match_id: Number(matchId), team_id: team, player_id: player, card };
      }),
    )
    .execute();
}

/** A league's suspension rules: the default ones but for `suspensions`. */
export async function setSuspensionRules(
  api: ApiMock,
  leagueId: string,
  suspensions: Partial<LeagueRules['suspensions']>,
): Promise<void> {
  await api.app.connection.db
    .insertInto('league_rules')
    .values({
      league_id: leagueId,
      rules: JSON.stringify({
        ...DEFAULT_RULES,
        suspensions: { ...DEFAULT_RULES.suspensions, ...suspensions },
      }),
      updated_at: NOW.toISOString(),
    })
    .execute();
}
