/** Player id lists of a match record, as the spec allows them to arrive. */

/** Arrays or comma-separated text; blank ids are ignored (spec section 5). */
export function idList(value: readonly string[] | string | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  return items.map((id) => id.trim()).filter((id) => id !== '');
}

/** Ids repeated once per goal or assist, counted, in order of first appearance. */
export function countIds(ids: readonly string[]): { id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, count]) => ({ id, count }));
}
