/** Suspensions from cards: thresholds, second yellows, stacking, postponed matches. */
import { describe, expect, it } from 'vitest';
import { activeBans, banFor, cardCounts, seasonBans, type MatchCard } from '../../../api/domain/discipline';
import { DEFAULT_RULES } from '../../../api/domain/league-rules';

const RULES = DEFAULT_RULES.suspensions; // red 1, every 5th yellow 1
const NOW = new Date('2026-05-20T12:00:00.000Z');

/** Ten weekly matches from 2 May (ids 1-10); 1-3 played and approved, the rest to come. */
function season(overrides: Record<number, { status?: string; approved?: string }> = {}) {
  return Array.from({ length: 10 }, (_, index) => {
    const id = index + 1;
    const date = new Date(Date.UTC(2026, 4, 2 + index * 7, 14)).toISOString();
    return { id, match_date: date, status: 'scheduled', approved: id <= 3 ? 'TRUE' : '', ...overrides[id] };
  });
}

const card = (match_id: number, player_id: string, kind: 'yellow' | 'red'): MatchCard => ({
  match_id,
  player_id,
  card: kind,
});

describe('seasonBans', () => {
  it('bans for the next match after a red card; served once that match has kicked off', () => {
    const [ban] = seasonBans(season(), [card(1, 'p', 'red')], RULES, NOW);
    expect(ban).toEqual({
      player_id: 'p',
      reason: 'Red card',
      card_match_id: 1,
      length: 1,
      match_ids: [2],
      served_ids: [2],
      matches_remaining: 0,
    });
    const late = seasonBans(season(), [card(3, 'p', 'red')], RULES, NOW);
    expect(late[0]).toMatchObject({ match_ids: [4], matches_remaining: 1 });
    expect(activeBans(late)).toHaveLength(1);
  });

  it('counts two yellows in one match as a red, not towards the season’s yellows', () => {
    const cards = [card(3, 'p', 'yellow'), card(3, 'p', 'yellow')];
    expect(seasonBans(season(), cards, RULES, NOW)).toEqual([
      expect.objectContaining({ reason: 'Two yellow cards', match_ids: [4], matches_remaining: 1 }),
    ]);
    const counts = cardCounts(cards);
    expect(counts.get('p')).toEqual({ yellow_cards: 2, red_cards: 1 });
  });

  it('bans on every fifth single yellow of the season, and only then', () => {
    const matches = season({ 4: { approved: 'TRUE' }, 5: { approved: 'TRUE' } });
    const fourYellows = [1, 2, 3, 4].map((id) => card(id, 'p', 'yellow'));
    expect(seasonBans(matches, fourYellows, RULES, NOW)).toEqual([]);
    const five = [...fourYellows, card(5, 'p', 'yellow')];
    expect(seasonBans(matches, five, RULES, NOW)).toEqual([
      expect.objectContaining({ reason: '5 yellow cards this season', card_match_id: 5, match_ids: [6] }),
    ]);
    // A threshold of 2 bans after the 2nd and the 4th.
    const twos = seasonBans(matches, five, { ...RULES, yellow_card_threshold: 2 }, NOW);
    expect(twos.map((ban) => ban.card_match_id)).toEqual([2, 4]);
  });

  it('counts cards of approved results only', () => {
    const matches = season({ 3: { approved: 'PENDING' } });
    expect(seasonBans(matches, [card(3, 'p', 'red')], RULES, NOW)).toEqual([]);
    expect(seasonBans(season({ 3: { approved: 'FALSE' } }), [card(3, 'p', 'red')], RULES, NOW)).toEqual([]);
  });

  it('is served by the next matches that are not postponed', () => {
    const matches = season({ 4: { status: 'postponed' }, 5: { status: 'postponed' } });
    const [ban] = seasonBans(matches, [card(3, 'p', 'red')], { ...RULES, red_card_matches: 2 }, NOW);
    expect(ban).toMatchObject({ match_ids: [6, 7], matches_remaining: 2 });
  });

  it('stacks a second ban after the first, and keeps the length when fewer matches are fixed', () => {
    const matches = season({ 4: { approved: 'TRUE' } }).slice(0, 6);
    const bans = seasonBans(
      matches,
      [card(3, 'p', 'red'), card(4, 'p', 'red')],
      { ...RULES, red_card_matches: 2 },
      NOW,
    );
    // The first ban takes 4 and 5: its card was in 3. The second starts after it: 6, and one not yet fixed.
    expect(bans.map((ban) => ban.match_ids)).toEqual([[4, 5], [6]]);
    expect(bans[1]?.matches_remaining).toBe(2);
    expect(banFor(bans, 'p', 6)?.card_match_id).toBe(4);
    expect(banFor(bans, 'p', 3)).toBeUndefined();
    expect(banFor(bans, 'q', 4)).toBeUndefined();
  });

  it('keeps a straight red after a yellow: the ban, and the yellow in the season’s count', () => {
    const bans = seasonBans(season(), [card(3, 'p', 'yellow'), card(3, 'p', 'red')], RULES, NOW);
    expect(bans).toEqual([expect.objectContaining({ reason: 'Red card' })]);
    expect(cardCounts([card(3, 'p', 'yellow'), card(3, 'p', 'red')]).get('p')).toEqual({
      yellow_cards: 1,
      red_cards: 1,
    });
    const withThreshold = seasonBans(
      season(),
      [card(3, 'p', 'yellow'), card(3, 'p', 'red')],
      { ...RULES, yellow_card_threshold: 1 },
      NOW,
    );
    expect(withThreshold.map((ban) => ban.reason)).toEqual(['Red card', '1 yellow card this season']);
  });
  it('recomputes from the corrected report: a card taken back lifts its ban, a moved one moves it', () => {
    // Match 3 approved with a red for p: banned from match 4.
    const first = [card(1, 'p', 'yellow'), card(3, 'p', 'red')];
    expect(activeBans(seasonBans(season(), first, RULES, NOW))).toEqual([
      expect.objectContaining({ player_id: 'p', match_ids: [4] }),
    ]);
    // The report is corrected and re-approved: the red was q's, and p was only booked.
    const corrected = [card(1, 'p', 'yellow'), card(3, 'p', 'yellow'), card(3, 'q', 'red')];
    const bans = activeBans(seasonBans(season(), corrected, RULES, NOW));
    expect(bans).toEqual([expect.objectContaining({ player_id: 'q', reason: 'Red card', match_ids: [4] })]);
    expect(banFor(bans, 'p', 4)).toBeUndefined();
    expect(cardCounts(corrected).get('p')).toEqual({ yellow_cards: 2, red_cards: 0 });
    // While the correction waits for its review, match 3 counts for nothing.
    const pending = season({ 3: { approved: 'PENDING' } });
    expect(activeBans(seasonBans(pending, corrected, RULES, NOW))).toEqual([]);
  });
});
