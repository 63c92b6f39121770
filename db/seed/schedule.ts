/**
 * Double round-robin fixtures by the circle method: one team stays put while
 * the others rotate around it, so every pair meets exactly once per half.
 */

/** Team positions (indexes into the caller's list of teams). */
export interface Fixture {
  home: number;
  away: number;
}

export function doubleRoundRobin(teamCount: number): Fixture[][] {
  if (!Number.isInteger(teamCount) || teamCount < 2 || teamCount % 2 !== 0) {
    throw new RangeError(`doubleRoundRobin needs an even number of teams (at least 2), got ${teamCount}`);
  }
  const rotating = Array.from({ length: teamCount - 1 }, (_, i) => i + 1);
  const firstHalf: Fixture[][] = [];
  for (let round = 0; round < teamCount - 1; round++) {
    const circle = [0, ...rotating];
    const fixtures: Fixture[] = [];
    for (let i = 0; i < teamCount / 2; i++) {
      const a = circle[i] as number;
      const b = circle[teamCount - 1 - i] as number;
      // The fixed team would otherwise always be at home; alternating it, and
      // flipping every other pair, keeps home and away runs short for everyone.
      const flip = i === 0 ? round % 2 === 1 : i % 2 === 1;
      fixtures.push(flip ? { home: b, away: a } : { home: a, away: b });
    }
    firstHalf.push(fixtures);
    rotating.unshift(rotating.pop() as number);
  }
  const secondHalf = firstHalf.map((fixtures) =>
    fixtures.map(({ home, away }) => ({ home: away, away: home })),
  );
  return [...firstHalf, ...secondHalf];
}
