/**
 * How the app names a player's answer to whether they can play: the buttons a player
 * answers with and the marks staff read on Team Selection say the same words.
 */
import type { AvailabilityAnswer } from '../../db/schema';

/** The answers in the order they are offered. */
export const ANSWER_ORDER: readonly AvailabilityAnswer[] = ['available', 'maybe', 'unavailable'];

export const ANSWER_WORDS: Record<AvailabilityAnswer | 'no_answer', string> = {
  available: 'Available',
  maybe: 'Maybe',
  unavailable: 'Unavailable',
  no_answer: 'No answer',
};
