/** Dated fixtures: kick-offs in the league's zone, the home ground, and kept matches. */
import { describe, expect, it } from 'vitest';
import { isTimeZone, planFixtures, zonedTime } from '../../../api/domain/fixture-plan';

const TEAMS = [
  { team_id: 'c', team_name: 'Clayton', location: 'Clay Lane' },
  { team_id: 'a', team_name: 'Ashford', location: 'Ash Park' },
  { team_id: 'b', team_name: 'Brampton', location: '  ' },
  { team_id: 'd', team_name: 'Dunmore', location: 'Dun Road' },
];

describe('zonedTime', () => {
  it('keeps the wall-clock time across daylight-saving changes', () => {
    expect(zonedTime(2027, 3, 27, 15, 0, 'Europe/London').toISOString()).toBe('2027-03-27T15:00:00.000Z');
    expect(zonedTime(2027, 3, 28, 15, 0, 'Europe/London').toISOString()).toBe('2027-03-28T14:00:00.000Z');
    expect(zonedTime(2027, 10, 31, 15, 0, 'Europe/London').toISOString()).toBe('2027-10-31T15:00:00.000Z');
    expect(zonedTime(2027, 1, 9, 9, 30, 'America/New_York').toISOString()).toBe('2027-01-09T14:30:00.000Z');
    expect(zonedTime(2027, 7, 1, 0, 30, 'Asia/Kolkata').toISOString()).toBe('2027-06-30T19:00:00.000Z');
    expect(zonedTime(2027, 7, 1, 15, 0, 'UTC').toISOString()).toBe('2027-07-01T15:00:00.000Z');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('planFixtures', () => {
  const request = { start_date: '2027-12-25', kickoff_time: '14:00', interval_days: 7, rounds: 2 as const };

  it('dates match days by the interval over month and year ends, at the home ground', () => {
    const plan = planFixtures(TEAMS, request, [], 'County Ground');
    expect(plan).toHaveLength(12);
    expect([...new Set(plan.map((m) => m.match_date))]).toEqual([
      '2027-12-25T14:00:00.000Z',
      '2028-01-01T14:00:00.000Z',
      '2028-01-08T14:00:00.000Z',
      '2028-01-15T14:00:00.000Z',
      '2028-01-22T14:00:00.000Z',
      '2028-01-29T14:00:00.000Z',
    ]);
    for (const match of plan) {
      const home = TEAMS.find((team) => team.team_id === match.home_team);
      expect(match.location).toBe(home?.team_id === 'b' ? 'County Ground' : home?.location);
      expect(match.home_team_name).toBe(home?.team_name);
    }
    // Ordered by name whatever order the teams came in: the same plan from a shuffled list.
    expect(planFixtures([...TEAMS].reverse(), request, [], 'County Ground')).toEqual(plan);
  });

  it('leaves out the fixture each kept match stands for, the same way round first', () => {
    const full = planFixtures(TEAMS, request);
    const first = full[0] as (typeof full)[number];
    const kept = [
      { home_team: first.home_team, away_team: first.away_team },
      // The other way round is planned too in a double round robin: that one goes.
      { home_team: first.away_team, away_team: first.home_team },
      { home_team: 'a', away_team: 'zz' }, // a team no longer registered stands for nothing
    ];
    const rest = planFixtures(TEAMS, request, kept);
    expect(rest).toHaveLength(10);
    const pair = (m: { home_team: string; away_team: string }) => `${m.home_team}>${m.away_team}`;
    expect(rest.map(pair)).not.toContain(pair(first));
    expect(rest.map(pair)).not.toContain(`${first.away_team}>${first.home_team}`);
    // In a single round robin the reversed fixture stands for the pair.
    const single = planFixtures(TEAMS, { ...request, rounds: 1 }, [
      { home_team: first.away_team, away_team: first.home_team },
    ]);
    expect(single).toHaveLength(5);
  });
});
