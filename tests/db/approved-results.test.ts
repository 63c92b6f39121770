/**
 * The `approved_results` data version (migration 0007) stands for what league tables and
 * leaderboards show. For every kind of write: when the league's table or leaderboards
 * change, the version has moved (else the read cache would answer a stale table), and
 * the writes a match day is full of (reports waiting for review, squads, new kickoff
 * times) leave it where it was. On both engines (unit and unit-pg projects).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { approvedLeagueResults, leagueTeams } from '../../api/data/leagues';
import { replaceSquad, squadRows, storeReport, storeReview } from '../../api/data/match-writes';
import { leaderboards } from '../../api/data/stats';
import { computeStandings } from '../../api/domain/standings';
import type { Connection, DB } from '../../db/connection';
import { addRoleUsers } from '../fixtures/auth';
import { buildTinyLeague, NOW, updateMatch } from '../fixtures/factory';
import { freshStore } from '../fixtures/engine';
import { withFixture } from '../fixtures/hooks';

async function tinyLeague() {
  const connection: Connection = await freshStore();
  const { matchIds: ids } = await buildTinyLeague(connection.db);
  await addRoleUsers(connection.db);
  return { connection, ids, close: () => connection.close() };
}

const s = withFixture(tinyLeague, { perTest: true });

async function version(): Promise<number> {
  const row = await s.connection.db
    .selectFrom('data_version')
    .select('version')
    .where('table_name', '=', 'approved_results')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** What the league table and leaderboards show, as the routes build them. */
async function shown(db: DB): Promise<string> {
  const table = computeStandings(
    await leagueTeams(db, 'tl-26', '2026', true),
    await approvedLeagueResults(db, 'tl-26', '2026'),
  );
  return JSON.stringify({ table, stats: await leaderboards(db, { leagueId: 'tl-26', season: '2026' }) });
}

/** Runs the write; answers whether the version moved, and fails if what is shown changed without it. */
async function moves(write: (db: DB) => Promise<unknown>): Promise<boolean> {
  const { db } = s.connection;
  const before = await shown(db);
  const from = await version();
  await write(db);
  const moved = (await version()) !== from;
  if (!moved) expect(await shown(db), 'the table or leaderboards changed, the version did not').toBe(before);
  return moved;
}

const at = NOW.toISOString();
const report = (matchId: number, events: { team_id: string; player_id: string }[]) => ({
  matchId,
  homeScore: events.length,
  awayScore: 0,
  events: events.map((event) => ({ ...event, kind: 'goal' as const })),
  reportedByTeam: null,
  userId: 'u.coach',
  at,
});

describe('the approved results version', () => {
  it('stays where it was for a report waiting for review, a squad and a new kickoff time', async () => {
    const { m5, m7, m8 } = s.ids;
    expect(
      await moves((db) => storeReport(db, report(m7, [{ team_id: 'west.rangers', player_id: 'wr.fwd' }]))),
    ).toBe(false);
    expect(await moves((db) => storeReport(db, report(m5, [])))).toBe(false);
    expect(
      await moves(async (db) =>
        replaceSquad(db, m8, 'west.rangers', await squadRows(db, m8), ['wr.gk', 'wr.fwd']),
      ),
    ).toBe(false);
    expect(await moves((db) => updateMatch(db, m8, { match_date: '2026-06-21T15:00:00.000Z' }))).toBe(false);
    expect(
      await moves((db) =>
        db.updateTable('match_events').set({ player_id: 'nt.mid' }).where('match_id', '=', m5).execute(),
      ),
    ).toBe(false);
  });

  it('moves when a result is approved, rejected after approval or corrected', async () => {
    const { m1, m5 } = s.ids;
    expect(
      await moves((db) => storeReview(db, { matchId: m5, approved: 'TRUE', userId: 'u.opponentowner', at })),
    ).toBe(true);
    // A super admin's correction of an approved result puts it back to PENDING.
    expect(await moves((db) => storeReport(db, report(m1, [])))).toBe(true);
    expect(await moves((db) => updateMatch(db, s.ids.m2, { approved: 'FALSE' }))).toBe(true);
  });

  it("moves with any change to an approved match's row or events", async () => {
    const { m1, m3 } = s.ids;
    expect(await moves((db) => updateMatch(db, m1, { home_score: 5 }))).toBe(true);
    expect(
      await moves((db) =>
        db
          .insertInto('match_events')
          .values({ match_id: m3, team_id: 'south.city', player_id: 'sc.def', kind: 'goal' })
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves((db) =>
        db
          .updateTable('match_events')
          .set({ player_id: 'sc.def' })
          .where('match_id', '=', m3)
          .where('kind', '=', 'assist')
          .execute(),
      ),
    ).toBe(true);
    expect(await moves((db) => db.deleteFrom('match_events').where('match_id', '=', m1).execute())).toBe(
      true,
    );
  });

  it('moves when an event moves between a pending and an approved match', async () => {
    const { m1, m5 } = s.ids;
    expect(
      await moves((db) =>
        sql`UPDATE match_events SET match_id = ${m1} WHERE id = (SELECT min(id) FROM match_events WHERE match_id = ${m5})`.execute(
          db,
        ),
      ),
    ).toBe(true);
  });

  it("moves when the league's fixtures gain, lose or change a team", async () => {
    const { m9, m7 } = s.ids;
    await s.connection.db
      .insertInto('teams')
      .values({
        team_id: 'new.club',
        team_name: 'New Club',
        league_id: null,
        location: 'X',
        description: '',
        logo: null,
        youtube_channel: null,
        website: null,
      })
      .execute();
    expect(
      await moves((db) =>
        db
          .insertInto('matches')
          .values({
            league_id: 'tl-26',
            season: '2026',
            match_date: '2026-07-04T14:00:00.000Z',
            home_team: 'new.club',
            away_team: 'north.town',
            location: 'X',
            approved: '',
          })
          .execute(),
      ),
    ).toBe(true);
    expect(await moves((db) => updateMatch(db, m9, { away_team: 'new.club' }))).toBe(true);
    expect(await moves((db) => updateMatch(db, m7, { season: '2027' }))).toBe(true);
    expect(await moves((db) => db.deleteFrom('matches').where('id', '=', m9).execute())).toBe(true);
  });

  it('stays where it was for statements that change no match and no event of an approved match', async () => {
    const { m7 } = s.ids;
    expect(await moves((db) => updateMatch(db, -1, { location: 'Y' }))).toBe(false);
    expect(await moves((db) => db.deleteFrom('matches').where('id', '=', -1).execute())).toBe(false);
    expect(await moves((db) => updateMatch(db, m7, { location: 'Elsewhere' }))).toBe(false);
  });
});
