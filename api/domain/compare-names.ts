/**
 * Shared name ordering for ranked lists (league table, stat leaderboards).
 * One collator keeps every list ordered the same way.
 */

// 'accent' sensitivity ignores case but keeps accents distinct, so "alpha" and
// "Alpha" tie here and callers fall through to their id tie-break, which keeps
// the order independent of input order.
const nameCollator = new Intl.Collator('en', { sensitivity: 'accent' });

/** Case-insensitive English ordering of display names. */
export function compareNames(a: string, b: string): number {
  return nameCollator.compare(a, b);
}

/** Plain code-unit ordering for ids: the final, locale-free tie-break. */
export function compareIds(a: string, b: string): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}
