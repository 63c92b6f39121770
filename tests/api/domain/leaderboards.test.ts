import { describe, it, expect } from 'vitest';
import {
  ASSIST_POINTS,
  GOAL_POINTS,
  cleanSheets,
  computeLeaderboards,
  pointsTable,
  topAssists,
  topScorers,
  type LeaderboardEvent,
  type LeaderboardInput,
  type LeaderboardMatch,
  type LeaderboardPlayer,
  type LeaderRow,
} from '../../../api/domain/leaderboards';
import { leaderRow } from '../../fixtures/tables';

function match(
  id: number,
  home: string,
  away: string,
  homeScore: number | null,
  awayScore: number | null,
  approved = 'TRUE',
): LeaderboardMatch {
  return { id, home_team: home, away_team: away, home_score: homeScore, away_score: awayScore, approved };
}

function ev(
  match_id: number,
  team_id: string,
  player_id: string,
  kind: LeaderboardEvent['kind'],
): LeaderboardEvent {
  return { match_id, team_id, player_id, kind };
}

const teams = new Map<string, string>([
  ['lions', 'Lions FC'],
  ['tigers', 'Tigers'],
  ['bears', 'Bears AFC'],
]);

const players = new Map<string, LeaderboardPlayer>([
  ['p-ana', { name: 'Ana Silva', position: 'Forward', photo_id: 'ana.jpg' }],
  ['p-ben', { name: 'ben Okafor', position: 'Midfielder', photo_id: null }],
  ['p-cara', { name: 'Cara Lee', position: 'Goalkeeper', photo_id: 'cara.jpg' }],
  ['p-dan', { name: 'Dan Moss', position: 'Forward', photo_id: null }],
  ['p-eve', { name: 'Eve Park', position: 'Goalkeeper', photo_id: null }],
  ['p-finn', { name: 'Finn Hale', position: 'Goalkeeper', photo_id: null }],
  ['p-gus', { name: 'Gus Roy', position: 'Defender', photo_id: 'gus.jpg' }],
  ['p-hal', { name: 'Hal Ng', position: 'Forward', photo_id: null }],
]);

const matches: LeaderboardMatch[] = [
  match(1, 'lions', 'tigers', 2, 1),
  match(2, 'bears', 'lions', 0, 0),
  match(3, 'tigers', 'bears', 1, 1),
  match(7, 'lions', 'tigers', 1, 0),
  // Not counted: pending, rejected, empty approval, unplayed.
  match(4, 'lions', 'bears', 3, 0, 'PENDING'),
  match(5, 'tigers', 'lions', 1, 0, 'FALSE'),
  match(6, 'bears', 'tigers', null, null),
  match(8, 'tigers', 'bears', 2, 0, 'PENDING'),
  match(9, 'bears', 'lions', 0, 0, ''),
];

const events: LeaderboardEvent[] = [
  // Match 1: Lions 2-1 Tigers.
  ev(1, 'lions', 'p-ana', 'goal'),
  ev(1, 'lions', 'p-ana', 'goal'),
  ev(1, 'lions', 'p-ben', 'assist'),
  ev(1, 'lions', 'p-ben', 'assist'),
  ev(1, 'tigers', 'p-gus', 'goal'),
  ev(1, 'lions', 'p-cara', 'goalkeeper'), // conceded 1: no clean sheet
  ev(1, 'tigers', 'p-eve', 'goalkeeper'),
  ev(1, 'lions', 'p-ghost', 'goal'), // unknown player
  ev(1, 'bears', 'p-finn', 'goal'), // Bears did not play in match 1
  // Match 2: Bears 0-0 Lions. Cara is listed twice but keeps one clean sheet.
  ev(2, 'bears', 'p-finn', 'goalkeeper'),
  ev(2, 'lions', 'p-cara', 'goalkeeper'),
  ev(2, 'lions', 'p-cara', 'goalkeeper'),
  // Match 3: Tigers 1-1 Bears. Gus now plays for Bears.
  ev(3, 'tigers', 'p-dan', 'goal'),
  ev(3, 'tigers', 'p-eve', 'assist'),
  ev(3, 'bears', 'p-gus', 'goal'),
  ev(3, 'tigers', 'p-eve', 'goalkeeper'),
  ev(3, 'bears', 'p-finn', 'goalkeeper'),
  // Match 7: Lions 1-0 Tigers.
  ev(7, 'lions', 'p-ben', 'goal'),
  ev(7, 'lions', 'p-ana', 'assist'),
  ev(7, 'lions', 'p-cara', 'goalkeeper'),
  ev(7, 'tigers', 'p-eve', 'goalkeeper'),
  // Uncounted matches: none of these may show up anywhere.
  ev(4, 'lions', 'p-ana', 'goal'),
  ev(4, 'lions', 'p-ana', 'goal'),
  ev(4, 'lions', 'p-hal', 'goal'),
  ev(4, 'lions', 'p-cara', 'goalkeeper'),
  ev(5, 'tigers', 'p-dan', 'goal'),
  ev(5, 'tigers', 'p-eve', 'goalkeeper'),
  ev(6, 'bears', 'p-finn', 'goal'),
  ev(8, 'tigers', 'p-gus', 'goal'), // would make Gus a Tiger again if it counted
  ev(8, 'bears', 'p-finn', 'goalkeeper'),
  ev(9, 'bears', 'p-finn', 'goalkeeper'),
  ev(99, 'lions', 'p-ana', 'goal'), // no such match
];

const input: LeaderboardInput = { matches, events, players, teams };

/** A league of one match and its events, over the players and teams above unless `more` says otherwise. */
function oneMatch(
  played: LeaderboardMatch,
  matchEvents: LeaderboardEvent[],
  more: Partial<LeaderboardInput> = {},
): LeaderboardInput {
  return { matches: [played], events: matchEvents, players, teams, ...more };
}

function leader(player_id: string, team: string, count: number): LeaderRow {
  const player = players.get(player_id);
  if (player === undefined) throw new Error(`test fixture has no player ${player_id}`);
  return leaderRow(player_id, player.name, player.position, team, count, player.photo_id);
}

const expectedScorers: LeaderRow[] = [
  leader('p-ana', 'Lions FC', 2),
  leader('p-gus', 'Bears AFC', 2),
  leader('p-ben', 'Lions FC', 1),
  leader('p-dan', 'Tigers', 1),
];

const expectedAssists: LeaderRow[] = [
  leader('p-ben', 'Lions FC', 2),
  leader('p-ana', 'Lions FC', 1),
  leader('p-eve', 'Tigers', 1),
];

const expectedCleanSheets: LeaderRow[] = [leader('p-cara', 'Lions FC', 2), leader('p-finn', 'Bears AFC', 1)];

const expectedPoints: LeaderRow[] = [
  // 2 goals x 2 + 1 assist x 1
  leader('p-ana', 'Lions FC', 5),
  // 1 goal x 2 + 2 assists x 1
  leader('p-ben', 'Lions FC', 4),
  // 2 goals x 2
  leader('p-gus', 'Bears AFC', 4),
  leader('p-dan', 'Tigers', 2),
  leader('p-eve', 'Tigers', 1),
];

describe('leaderboards: hand-computed mini league', () => {
  it('uses the spec point weights', () => {
    expect(GOAL_POINTS).toBe(2);
    expect(ASSIST_POINTS).toBe(1);
  });

  it('topScorers: ties sorted by name, case-insensitively ("ben" before "Dan")', () => {
    expect(topScorers(input)).toEqual(expectedScorers);
  });

  it('topAssists', () => {
    expect(topAssists(input)).toEqual(expectedAssists);
  });

  it('cleanSheets: only when the opponent scored 0, once per keeper per match', () => {
    expect(cleanSheets(input)).toEqual(expectedCleanSheets);
  });

  it('pointsTable: goals and assists merged per player', () => {
    expect(pointsTable(input)).toEqual(expectedPoints);
  });

  it('computeLeaderboards returns the four lists', () => {
    expect(computeLeaderboards(input)).toEqual({
      scorers: expectedScorers,
      assists: expectedAssists,
      clean_sheets: expectedCleanSheets,
      points: expectedPoints,
    });
  });

  it('never lists a player whose events are all in uncounted matches', () => {
    const all = computeLeaderboards(input);
    const ids = [...all.scorers, ...all.assists, ...all.clean_sheets, ...all.points].map((r) => r.player_id);
    expect(ids).not.toContain('p-hal');
    expect(ids).not.toContain('p-ghost');
  });

  it('does not depend on the order of matches or events', () => {
    const shuffled: LeaderboardInput = {
      ...input,
      matches: [...matches].reverse(),
      events: [...events].reverse(),
    };
    expect(computeLeaderboards(shuffled)).toEqual(computeLeaderboards(input));
  });
});

describe('leaderboards: details', () => {
  it('returns empty lists for no data', () => {
    expect(computeLeaderboards({ matches: [], events: [], players: new Map(), teams: new Map() })).toEqual({
      scorers: [],
      assists: [],
      clean_sheets: [],
      points: [],
    });
  });

  it('counts a clean sheet for the away keeper when the home side scored 0', () => {
    const result = cleanSheets(
      oneMatch(match(1, 'lions', 'tigers', 0, 4), [
        ev(1, 'tigers', 'p-eve', 'goalkeeper'),
        ev(1, 'lions', 'p-cara', 'goalkeeper'),
      ]),
    );
    expect(result).toEqual([leader('p-eve', 'Tigers', 1)]);
  });

  it('shows the team id when the team name is unknown', () => {
    const result = topScorers(
      oneMatch(match(1, 'lions', 'ghosts', 1, 0), [ev(1, 'lions', 'p-ana', 'goal')], { teams: new Map() }),
    );
    expect(result).toEqual([leader('p-ana', 'lions', 1)]);
  });

  it('breaks a full name tie by player_id', () => {
    const twins = new Map<string, LeaderboardPlayer>([
      ['p-2', { name: 'Sam Lee', position: 'Forward', photo_id: null }],
      ['p-1', { name: 'sam lee', position: 'Defender', photo_id: null }],
    ]);
    const result = topScorers(
      oneMatch(
        match(1, 'lions', 'tigers', 2, 0),
        [ev(1, 'lions', 'p-2', 'goal'), ev(1, 'lions', 'p-1', 'goal')],
        { players: twins },
      ),
    );
    expect(result.map((r) => r.player_id)).toEqual(['p-1', 'p-2']);
  });

  it('a keeper with goals shows up in the points table but not without goals or assists', () => {
    const result = pointsTable(
      oneMatch(match(1, 'lions', 'tigers', 1, 0), [
        ev(1, 'lions', 'p-cara', 'goalkeeper'),
        ev(1, 'lions', 'p-ana', 'goal'),
      ]),
    );
    expect(result).toEqual([leader('p-ana', 'Lions FC', GOAL_POINTS)]);
  });
});
