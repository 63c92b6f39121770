/**
 * Cards that leave two North Town players suspended at the tiny league's NOW
 * (2026-06-15), for the squad tab, Team Selection and the offline pack (issue #19).
 * Tiny League's rules here: a red card bans for 3 matches, every 2nd yellow for 2.
 *
 * - nt.fwd: red in m4 (23 May) → m5 served, m8 (20 June) and one not yet fixed:
 *   'Suspended – 2 matches (Red card)'.
 * - nt.mid: yellows in m1 and m4 → m5 served, m8 to come:
 *   'Suspended – 1 match (2 yellow cards this season)'.
 *
 * Neither is banned from m5 as the answer gives it (served matches are not listed).
 */
import { DEFAULT_RULES } from '../../../api/domain/league-rules';
import { NOW } from '../../fixtures/factory';
import type { ApiMock } from '../api-mock';

export const FORWARD_BAN = 'Suspended – 2 matches (Red card)';
export const MIDFIELDER_BAN = 'Suspended – 1 match (2 yellow cards this season)';

export async function addSuspensions(api: ApiMock): Promise<void> {
  const { db } = api.app.connection;
  const { m1, m4 } = api.app.matchIds;
  await db
    .insertInto('league_rules')
    .values({
      league_id: 'tl-26',
      rules: JSON.stringify({
        ...DEFAULT_RULES,
        suspensions: { red_card_matches: 3, yellow_card_threshold: 2, yellow_card_matches: 2 },
      }),
      updated_at: NOW.toISOString(),
    })
    .execute();
  await db
    .insertInto('match_cards')
    .values([
      { match_id: m4, team_id: 'north.town', player_id: 'nt.fwd', card: 'red' },
      { match_id: m1, team_id: 'north.town', player_id: 'nt.mid', card: 'yellow' },
      { match_id: m4, team_id: 'north.town', player_id: 'nt.mid', card: 'yellow' },
    ])
    .execute();
}
