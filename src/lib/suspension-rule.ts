/**
 * The one rule the app applies to suspensions (issue #19): whether a ban keeps a player
 * out of a match. The server decides for itself when a squad is saved (409); this only
 * says so first, in Team Selection, also offline.
 */
import { parseMatchDate } from '../../api/domain/match-time';
import type { Suspension } from './suspensions';

/** A match of the team as the ban rule needs it (the app's Match answers fit). */
export interface BanMatch {
  id: number;
  date: string;
  season: string;
  status?: string;
}

function timeOf(match: BanMatch): number | null {
  return parseMatchDate(match.date)?.getTime() ?? null;
}

/**
 * Whether the ban keeps its player out of match `matchId`. It does when the server
 * listed the match. It also does when the ban runs past the fixed fixtures
 * (matches_remaining > match_ids.length) and the match is one of the next
 * `matches_remaining − match_ids.length` matches of the team after the listed ones in
 * the same season, not yet kicked off and not postponed: fixtures the answer did not
 * know about yet (an answer kept offline, say). The server counts matches the same
 * way (date order, postponed ones skipped). When a listed match cannot be placed
 * (not among `teamMatches`), only the listed ones count: the server has the last word.
 */
export function banCovers(
  ban: Pick<Suspension, 'matches_remaining' | 'match_ids'>,
  matchId: number,
  teamMatches: readonly BanMatch[],
  now: Date,
): boolean {
  if (ban.match_ids.includes(matchId)) return true;
  const unfixed = ban.matches_remaining - ban.match_ids.length;
  if (unfixed <= 0) return false;

  const byId = new Map(teamMatches.map((match) => [match.id, match]));
  const listed: { match: BanMatch; time: number }[] = [];
  for (const id of ban.match_ids) {
    const match = byId.get(id);
    const time = match ? timeOf(match) : null;
    if (!match || time === null) return false;
    listed.push({ match, time });
  }
  const last = listed.reduce<{ match: BanMatch; time: number } | null>(
    (latest, entry) =>
      latest === null ||
      entry.time > latest.time ||
      (entry.time === latest.time && entry.match.id > latest.match.id)
        ? entry
        : latest,
    null,
  );

  const later = [...byId.values()]
    .flatMap((match) => {
      const time = timeOf(match);
      return time === null ? [] : [{ match, time }];
    })
    .filter(
      ({ match, time }) =>
        match.status !== 'postponed' &&
        time > now.getTime() &&
        (last === null ||
          (match.season === last.match.season &&
            (time > last.time || (time === last.time && match.id > last.match.id)))),
    )
    .sort((a, b) => a.time - b.time || a.match.id - b.match.id);
  return later.slice(0, unfixed).some(({ match }) => match.id === matchId);
}

/** Whether one of the player's bans keeps them out of match `matchId` (see banCovers). */
export function isSuspendedFor(
  suspensions: readonly Suspension[],
  playerId: string,
  matchId: number,
  teamMatches: readonly BanMatch[],
  now: Date,
): boolean {
  return suspensions.some((ban) => ban.player_id === playerId && banCovers(ban, matchId, teamMatches, now));
}
