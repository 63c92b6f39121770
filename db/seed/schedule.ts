/**
 * The demo seasons' fixtures: the double round robin a league's generated fixtures use
 * (db/rules/round-robin.ts), as rounds of team positions, every team playing in every
 * round.
 */
import { roundRobin } from '../rules/round-robin';

/** Team positions (indexes into the caller's list of teams). */
export interface Fixture {
  home: number;
  away: number;
}

export function doubleRoundRobin(teamCount: number): Fixture[][] {
  // An odd count would give a team a bye each round; the demo's rounds have none.
  if (!Number.isInteger(teamCount) || teamCount < 2 || teamCount % 2 !== 0) {
    throw new RangeError(`doubleRoundRobin needs an even number of teams (at least 2), got ${teamCount}`);
  }
  const positions = Array.from({ length: teamCount }, (_, position) => String(position));
  const rounds: Fixture[][] = Array.from({ length: 2 * (teamCount - 1) }, () => []);
  for (const { day, home, away } of roundRobin(positions, 2)) {
    rounds[day]?.push({ home: Number(home), away: Number(away) });
  }
  return rounds;
}
