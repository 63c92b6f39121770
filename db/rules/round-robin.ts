/**
 * Fixtures of a league season: a round robin by the circle method. Every
 * pair meets once per round (`rounds` 1 or 2), nobody plays twice on one match day, an
 * odd number of teams gives one team a bye each match day, and home and away alternate
 * fairly: in a single round robin each team's home and away counts differ by at most
 * one; in a double one the second half mirrors the first with home and away swapped,
 * so they are equal. Pure: dates and grounds are the caller's.
 */

export interface Pairing {
  /** 0-based match day. */
  day: number;
  home: string;
  away: string;
}

/**
 * The pairings of a round robin over `teams` (in the order given: the first is the
 * circle's fixed point), match day by match day.
 */
export function roundRobin(teams: readonly string[], rounds: 1 | 2): Pairing[] {
  if (new Set(teams).size !== teams.length) throw new RangeError('roundRobin: a team is listed twice');
  if (teams.length < 2) return [];
  // An odd count gets a ghost: whoever meets it that day has a bye.
  const slots: (string | null)[] = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  const n = slots.length;
  const fixed = slots[n - 1] ?? null;
  const circle = slots.slice(0, n - 1);
  const days = n - 1;
  const first: Pairing[] = [];
  for (let day = 0; day < days; day++) {
    const at = (offset: number) => circle[(((day + offset) % days) + days) % days] ?? null;
    // The fixed slot meets the circle's current head, home on every other day.
    const head = at(0);
    const fixedPair: [string | null, string | null] = day % 2 === 0 ? [head, fixed] : [fixed, head];
    const pairs: [string | null, string | null][] = [fixedPair];
    // The rest pair up across the circle (Berger tables): slot +k meets slot -k.
    for (let k = 1; k < n / 2; k++) pairs.push([at(k), at(-k)]);
    for (const [home, away] of pairs) {
      if (home !== null && away !== null) first.push({ day, home, away });
    }
  }
  if (rounds === 1) return first;
  return [
    ...first,
    ...first.map((pairing) => ({ day: pairing.day + days, home: pairing.away, away: pairing.home })),
  ];
}
