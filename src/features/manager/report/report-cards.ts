/**
 * Cards of a match report. The API lists them as ids: `yellow_cards` once
 * per yellow (twice for a player sent off for a second yellow) and `red_cards` once
 * per red. The Match Report form holds one of five states per player instead.
 */
import type { Match } from '@/lib/api-types';
import { idCounts, idList } from '../../../../db/rules/id-lists';

/** `yellow-red`: booked, then sent off with a straight red (one yellow and one red). */
export type CardState = 'none' | 'yellow' | 'second-yellow' | 'red' | 'yellow-red';

/**
 * The form's choices, in order (the rarest last); the label is both what is shown and
 * the accessible name.
 */
export const CARD_CHOICES: readonly { state: CardState; label: string }[] = [
  { state: 'none', label: 'No card' },
  { state: 'yellow', label: 'Yellow' },
  { state: 'second-yellow', label: '2nd yellow' },
  { state: 'red', label: 'Red' },
  { state: 'yellow-red', label: 'Yellow + red' },
];

/** What each state sends: how often the id is listed in `yellow_cards` and in `red_cards`. */
const CARD_COUNTS: Readonly<Record<CardState, { yellow: number; red: number }>> = {
  none: { yellow: 0, red: 0 },
  yellow: { yellow: 1, red: 0 },
  'second-yellow': { yellow: 2, red: 0 },
  red: { yellow: 0, red: 1 },
  'yellow-red': { yellow: 1, red: 1 },
};

type CardLists = Partial<Pick<Match, 'yellow_cards' | 'red_cards'>>;

/** A match's (or a report's) cards; answers stored offline before cards were reported have neither list. */
export function matchCards(lists: CardLists): { yellow: string[]; red: string[] } {
  return { yellow: idList(lists.yellow_cards), red: idList(lists.red_cards) };
}

/**
 * Each carded player's state. Two yellows and a red as well (the API accepts that too,
 * though no referee shows it) read as a second yellow: still a sending-off with a ban as
 * long, the same counts on the Discipline tab (a second yellow counts as one red), and no
 * single yellow towards the season's, as a yellow and a red would add.
 */
export function cardStates(match: CardLists): Record<string, CardState> {
  const { yellow, red } = matchCards(match);
  const yellows = idCounts(yellow);
  const reds = new Set(red);
  const states: Record<string, CardState> = {};
  for (const id of new Set([...yellow, ...red])) {
    const count = yellows.get(id) ?? 0;
    states[id] =
      count >= 2 ? 'second-yellow' : count === 1 ? (reds.has(id) ? 'yellow-red' : 'yellow') : 'red';
  }
  return states;
}

/** The report's card lists for the players in order: an id once per yellow and per red. */
export function cardLists(
  players: readonly { id: string }[],
  states: Readonly<Record<string, CardState>>,
): { yellow_cards: string[]; red_cards: string[] } {
  const listed = (card: 'yellow' | 'red') =>
    players.flatMap(({ id }) => Array.from({ length: CARD_COUNTS[states[id] ?? 'none'][card] }, () => id));
  return { yellow_cards: listed('yellow'), red_cards: listed('red') };
}
