/** Long lists cut into slices of at most `size` items, in order: rows per INSERT, ids per IN list. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  if (!(size >= 1)) throw new RangeError(`inChunks: a slice holds at least one item, not ${size}`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
