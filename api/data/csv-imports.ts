/**
 * What the spreadsheet imports read and write. Callers pass the transaction
 * handle of `writeTransaction`, so the checks and the rows they allow see the same data.
 */
import { inChunks } from './chunks';
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import type { NewFixture } from './league-season';

/** A league season's matches with their kick-offs: a team cannot play two at one time. */
export async function seasonKickoffs(db: DB, leagueId: string, season: string) {
  return rows(
    db,
    db
      .selectFrom('matches')
      .select(['id', 'home_team', 'away_team', 'match_date'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season),
  );
}

/** Rows per INSERT: 7 values a row stays far below either engine's parameter limit. */
const BATCH = 500;

/**
 * Inserts the fixtures, a few hundred a statement; their new ids in the same order.
 * RETURNING promises no order, so each id is matched back by its home team and kick-off,
 * which the import keeps unique (a team plays one match at a time).
 */
export async function insertImportedFixtures(
  db: DB,
  fixtures: readonly NewFixture[],
  at: string,
): Promise<number[]> {
  const ids = new Map<string, number>();
  for (const batch of inChunks(fixtures, BATCH)) {
    const written = await rows(
      db,
      db
        .insertInto('matches')
        .values(batch.map((f) => ({ ...f, created_at: at, updated_at: at })))
        .returning(['id', 'home_team', 'match_date']),
    );
    for (const row of written) ids.set(`${row.home_team}\u0000${row.match_date}`, row.id);
  }
  return fixtures.map((f) => {
    const id = ids.get(`${f.home_team}\u0000${f.match_date}`);
    if (id === undefined) throw new Error('An imported fixture was not written');
    return id;
  });
}

/** The shirt numbers worn in the team, with the wearer's name. */
export async function shirtNumbers(db: DB, teamId: string): Promise<Map<number, string>> {
  const worn = await rows(
    db,
    db.selectFrom('players').select(['number', 'name']).where('team_id', '=', teamId),
  );
  return new Map(worn.map((row) => [row.number, row.name]));
}
