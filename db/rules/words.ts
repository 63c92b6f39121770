/**
 * English words the app and the server both build from data: a count with its noun, and
 * the possessive of a name. Kept together so every screen, answer and message agrees on
 * "1 result" and "Riverside Rovers’ report".
 */

/**
 * The count and its noun: '1 goal', '3 goals', '0 matches'. The plural is the noun with an
 * s unless one is given ('1 person', '2 people'; 'match', 'matches').
 */
export function plural(count: number, singular: string, pluralForm?: string): string {
  return `${count} ${count === 1 ? singular : (pluralForm ?? `${singular}s`)}`;
}

/** The noun alone, for a count said elsewhere in the sentence: 'is'/'are' and the like too. */
export function pluralWord(count: number, singular: string, pluralForm?: string): string {
  return count === 1 ? singular : (pluralForm ?? `${singular}s`);
}

/**
 * The name's possessive with a typographic apostrophe: 'Northgate’s', and for a name
 * ending in s (as most plural club names do) the apostrophe alone: 'Riverside Rovers’'.
 * Trailing spaces are dropped first so the apostrophe meets the name.
 */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  if (trimmed === '') return trimmed;
  return /s$/i.test(trimmed) ? `${trimmed}’` : `${trimmed}’s`;
}
