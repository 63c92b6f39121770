/**
 * A match record's player id lists: goalscorers and assisters repeat an id once per goal
 * or assist, cards once per card.
 */

/** Arrays or comma-separated text, trimmed; blank ids are ignored (spec section 5). */
export function idList(value: readonly string[] | string | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  return items.map((id) => id.trim()).filter((id) => id !== '');
}

/** How often each id stands in the list, in order of first appearance. */
export function idCounts(ids: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** The same as rows: `{ id, count }` in order of first appearance. */
export function countIds(ids: Iterable<string>): { id: string; count: number }[] {
  return [...idCounts(ids)].map(([id, count]) => ({ id, count }));
}
