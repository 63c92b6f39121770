/**
 * Cards of a match report (issue #19). The API lists them as ids: `yellow_cards` once
 * per yellow (twice for a player sent off for a second yellow) and `red_cards` once
 * per red. The Match Report form holds one of four states per player instead.
 */
import type { Match } from '@/lib/api-types';

export type CardState = 'none' | 'yellow' | 'second-yellow' | 'red';

/** The form's choices, in order; the label is both what is shown and the accessible name. */
export const CARD_CHOICES: readonly { state: CardState; label: string }[] = [
  { state: 'none', label: 'No card' },
  { state: 'yellow', label: 'Yellow' },
  { state: 'second-yellow', label: '2nd yellow' },
  { state: 'red', label: 'Red' },
];

/** A match's cards; answers stored offline before issue #19 have neither list. */
export function matchCards(match: Match): { yellow: string[]; red: string[] } {
  const lists: Partial<Pick<Match, 'yellow_cards' | 'red_cards'>> = match;
  const clean = (ids: readonly string[] | undefined) =>
    (ids ?? []).map((id) => id.trim()).filter((id) => id !== '');
  return { yellow: clean(lists.yellow_cards), red: clean(lists.red_cards) };
}

/**
 * Each carded player's state. A red wins: a yellow then a straight red (which the API
 * also accepts) is shown, and sent again, as a red.
 */
export function cardStates(match: Match): Record<string, CardState> {
  const { yellow, red } = matchCards(match);
  const states: Record<string, CardState> = {};
  for (const id of yellow) states[id] = states[id] === undefined ? 'yellow' : 'second-yellow';
  for (const id of red) states[id] = 'red';
  return states;
}

/** The report's card lists for the players in order: an id once per yellow and per red. */
export function cardLists(
  players: readonly { id: string }[],
  states: Readonly<Record<string, CardState>>,
): { yellow_cards: string[]; red_cards: string[] } {
  const yellows: Record<CardState, number> = { none: 0, yellow: 1, 'second-yellow': 2, red: 0 };
  return {
    yellow_cards: players.flatMap(({ id }) =>
      Array.from({ length: yellows[states[id] ?? 'none'] }, () => id),
    ),
    red_cards: players.filter(({ id }) => states[id] === 'red').map(({ id }) => id),
  };
}
