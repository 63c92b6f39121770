/**
 * The one rule the app applies to suspensions: whether a ban keeps a player
 * out of a match. The server decides for itself when a squad is saved (409); this only
 * says so first, in Team Selection, also offline.
 */
import { parseMatchDate } from '../../api/domain/match-time';
import { banMatches, servingOrder } from '../../db/rules/suspensions';
import type { Suspension } from './suspensions';

/** A match of the team as the ban rule needs it (the app's Match answers fit). */
export interface BanMatch {
  id: number;
  date: string;
  season: string;
  status?: string;
}

/** A match with its kick-off in epoch ms. */
interface Timed {
  id: number;
  time: number;
  status: string | undefined;
  match: BanMatch;
}

function timed(match: BanMatch): Timed | null {
  const time = parseMatchDate(match.date)?.getTime();
  return time === undefined ? null : { id: match.id, time, status: match.status, match };
}

const inServingOrder = servingOrder((entry: Timed) => entry.time);

/**
 * Whether the ban keeps its player out of match `matchId`. It does when the server
 * listed the match. It also does when the ban runs past the fixed fixtures
 * (matches_remaining > match_ids.length) and the match is one of the next
 * `matches_remaining − match_ids.length` matches of the team after the listed ones in
 * the same season, not yet kicked off and not postponed: fixtures the answer did not
 * know about yet (an answer kept offline, say). The matches are counted by the server's
 * rule (db/rules/suspensions.ts). When a listed match cannot be placed (not among
 * `teamMatches`), only the listed ones count: the server has the last word.
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
  const listed: Timed[] = [];
  for (const id of ban.match_ids) {
    const match = byId.get(id);
    const entry = match ? timed(match) : null;
    if (entry === null) return false;
    listed.push(entry);
  }
  const last = listed.reduce<Timed | null>(
    (latest, entry) => (latest === null || inServingOrder(entry, latest) > 0 ? entry : latest),
    null,
  );

  const later = [...byId.values()]
    .flatMap((match) => timed(match) ?? [])
    .filter(
      (entry) =>
        entry.time > now.getTime() &&
        (last === null || (entry.match.season === last.match.season && inServingOrder(entry, last) > 0)),
    )
    .sort(inServingOrder);
  return banMatches(later, 0, unfixed).matches.some((entry) => entry.id === matchId);
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
