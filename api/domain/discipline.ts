/**
 * Discipline: suspensions from the cards of approved results, by a
 * league's rules. Pure: the caller reads the team's matches and the cards.
 *
 * - A red card, or two yellows in one match (they count as a red, not towards the
 *   season's yellows), bans the player for the team's next `red_card_matches` matches.
 * - Every `yellow_card_threshold`-th yellow of the season (single yellows only) bans for
 *   the next `yellow_card_matches`.
 * - A ban is served by the team's next matches of the season in date order that are not
 *   postponed and kick off after the card's result was approved (a card reported late
 *   does not reach back into matches already played); a second ban starts where the
 *   first ends. A match of the ban is served
 *   once its kick-off has passed (the player sat it out); the rest are still to serve,
 *   including those not yet in the fixture list.
 */
import { banMatches, servingOrder } from '../../db/rules/suspensions';
import type { LeagueRules } from './league-rules';

export interface DisciplineMatch {
  id: number;
  match_date: string;
  status: string;
  /** Only approved results' cards count. */
  approved: string;
  /** When the result was approved (null: not known, as for results entered by hand). */
  reviewed_at?: string | null;
}

export interface MatchCard {
  match_id: number;
  player_id: string;
  card: 'yellow' | 'red';
}

export interface Ban {
  player_id: string;
  /** e.g. "Red card", "Two yellow cards", "5 yellow cards this season". */
  reason: string;
  /** The match the card was shown in. */
  card_match_id: number;
  length: number;
  /** The matches the ban falls on, in order (fewer than `length` while not all are fixed). */
  match_ids: number[];
  /** Of `match_ids`, those already served (kicked off). */
  served_ids: number[];
  /** Of `length`, those not yet served. */
  matches_remaining: number;
}

/** Every ban of a team's players in a season, oldest card first. */
export function seasonBans(
  matches: readonly DisciplineMatch[],
  cards: readonly MatchCard[],
  rules: LeagueRules['suspensions'],
  now: Date,
): Ban[] {
  const schedule = [...matches].sort(servingOrder((match) => match.match_date));
  const position = new Map(schedule.map((match, index) => [match.id, index]));
  const counted = new Map<number, Map<string, { yellow: number; red: number }>>();
  for (const card of cards) {
    const at = position.get(card.match_id);
    if (at === undefined || schedule[at]?.approved !== 'TRUE') continue;
    const players = counted.get(card.match_id) ?? new Map<string, { yellow: number; red: number }>();
    const tally = players.get(card.player_id) ?? { yellow: 0, red: 0 };
    tally[card.card] += 1;
    players.set(card.player_id, tally);
    counted.set(card.match_id, players);
  }

  const bans: Ban[] = [];
  const yellows = new Map<string, number>();
  /** Per player, the schedule index after which the next ban may start. */
  const nextFree = new Map<string, number>();
  const nowIso = now.toISOString();
  const isServed = (match: DisciplineMatch) => match.match_date <= nowIso;

  /** The first match a card of the match at `cardAt` can ban from: after it, and after its approval. */
  const firstBanned = (cardAt: number) => {
    const approvedAt = (schedule[cardAt] as DisciplineMatch).reviewed_at;
    let from = cardAt + 1;
    if (approvedAt)
      while (from < schedule.length && (schedule[from] as DisciplineMatch).match_date <= approvedAt) from++;
    return from;
  };

  const addBan = (player: string, reason: string, cardAt: number, length: number) => {
    if (length <= 0) return;
    const falls = banMatches(schedule, Math.max(firstBanned(cardAt), nextFree.get(player) ?? 0), length);
    nextFree.set(player, falls.end);
    const matchIds = falls.matches.map((match) => match.id);
    const served = falls.matches.filter(isServed).map((match) => match.id);
    bans.push({
      player_id: player,
      reason,
      card_match_id: (schedule[cardAt] as DisciplineMatch).id,
      length,
      match_ids: matchIds,
      served_ids: served,
      matches_remaining: length - served.length,
    });
  };

  schedule.forEach((match, at) => {
    const players = counted.get(match.id);
    if (!players) return;
    for (const [player, tally] of [...players].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const secondYellow = tally.yellow >= 2;
      if (tally.red > 0 || secondYellow) {
        addBan(player, tally.red > 0 ? 'Red card' : 'Two yellow cards', at, rules.red_card_matches);
      }
      // A straight red after one yellow: that yellow still counts towards the season's.
      const single = secondYellow ? 0 : tally.yellow;
      if (single === 0) continue;
      const total = (yellows.get(player) ?? 0) + single;
      yellows.set(player, total);
      if (total % rules.yellow_card_threshold === 0) {
        addBan(
          player,
          `${total} yellow ${total === 1 ? 'card' : 'cards'} this season`,
          at,
          rules.yellow_card_matches,
        );
      }
    }
  });
  return bans;
}

/** The bans still to serve. */
export function activeBans(bans: readonly Ban[]): Ban[] {
  return bans.filter((ban) => ban.matches_remaining > 0);
}

/** Is the player banned from this match (a match of one of their bans)? The ban, or undefined. */
export function banFor(bans: readonly Ban[], playerId: string, matchId: number): Ban | undefined {
  return bans.find((ban) => ban.player_id === playerId && ban.match_ids.includes(matchId));
}

/** A season's cards per player: reds (a second yellow counts as one) then yellows. */
export function cardCounts(
  cards: readonly MatchCard[],
): Map<string, { yellow_cards: number; red_cards: number }> {
  const perMatch = new Map<string, { yellow: number; red: number }>();
  for (const card of cards) {
    const key = `${card.match_id}\u0000${card.player_id}`;
    const tally = perMatch.get(key) ?? { yellow: 0, red: 0 };
    tally[card.card] += 1;
    perMatch.set(key, tally);
  }
  const counts = new Map<string, { yellow_cards: number; red_cards: number }>();
  for (const [key, tally] of perMatch) {
    const player = key.slice(key.indexOf('\u0000') + 1);
    const total = counts.get(player) ?? { yellow_cards: 0, red_cards: 0 };
    total.yellow_cards += tally.yellow;
    total.red_cards += tally.red > 0 || tally.yellow >= 2 ? 1 : 0;
    counts.set(player, total);
  }
  return counts;
}
