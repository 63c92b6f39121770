/**
 * What several tests over the tiny league (tests/fixtures/app.ts) need beyond it: the
 * report of m7 they send first, and extra players for a team whose four are too few for
 * a match-day squad.
 */
import type { DB } from '../../db/connection';
import type { Position } from '../../db/schema';
import { insertPlayer } from '../fixtures/factory';

/**
 * A valid report of m7 (West Rangers 2-1 East United), with a red card and three yellows:
 * the report the result-loop tests, the match-write tests and the app's two-reports tests
 * send first.
 */
export const M7_REPORT = {
  home_score: 2,
  away_score: 1,
  goalscorers: ['wr.fwd', 'eu.fwd', 'wr.fwd'],
  assisters: ['wr.mid', 'eu.mid'],
  goalkeepers: ['wr.gk', 'eu.gk'],
  yellow_cards: ['eu.def', 'wr.mid', 'eu.def'],
  red_cards: ['wr.def'],
};

/** `count` players added to a team: ids `<prefix>.x1`…, named "<team name> Extra 1"…, shirts from 11. */
export async function addExtraPlayers(
  db: DB,
  team: { id: string; name: string; prefix: string },
  count: number,
  position: Position,
): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    await insertPlayer(db, {
      id: `${team.prefix}.x${n}`,
      name: `${team.name} Extra ${n}`,
      team_id: team.id,
      number: 10 + n,
      position,
    });
  }
}
