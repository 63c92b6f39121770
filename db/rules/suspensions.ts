/**
 * How a ban falls on matches, for the server that works bans out from the cards and for
 * the app that says first, in Team Selection, whether a ban keeps a player out: the
 * team's matches in kick-off order (the same kick-off: by id), and of those the next ones
 * that are not postponed.
 */

/** Orders a team's matches as bans are served, by their kick-off (ISO text or epoch ms), then id. */
export function servingOrder<M extends { id: number }>(
  kickOff: (match: M) => string | number,
): (a: M, b: M) => number {
  return (a, b) => {
    const x = kickOff(a);
    const y = kickOff(b);
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  };
}

/**
 * The matches a ban of `length` falls on: from `schedule[from]` on (a team's matches in
 * serving order), the next `length` that are not postponed. `end` is where the look
 * stopped, the first place a following ban of the same player may fall.
 */
export function banMatches<M extends { status?: string | undefined }>(
  schedule: readonly M[],
  from: number,
  length: number,
): { matches: M[]; end: number } {
  const matches: M[] = [];
  let at = from;
  for (; at < schedule.length && matches.length < length; at++) {
    const match = schedule[at] as M;
    if (match.status !== 'postponed') matches.push(match);
  }
  return { matches, end: at };
}

export interface PlayerBan {
  player_id: string;
  reason: string;
  matches_remaining: number;
}

/**
 * All of a player's bans still to serve as one, as the player profile gives it: the
 * matches added up, the reasons in order joined with '; '. Undefined when none.
 */
export function playerSuspension(
  bans: readonly PlayerBan[],
  playerId: string,
): Pick<PlayerBan, 'reason' | 'matches_remaining'> | undefined {
  const own = bans.filter((ban) => ban.player_id === playerId && ban.matches_remaining > 0);
  if (own.length === 0) return undefined;
  return {
    reason: own.map((ban) => ban.reason).join('; '),
    matches_remaining: own.reduce((sum, ban) => sum + ban.matches_remaining, 0),
  };
}
