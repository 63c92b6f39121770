/**
 * Lists of ids bound into `IN (…)` in slices: SQLite allows 32,766 bound parameters,
 * and a slice of 500 stays far below it for the largest league or request body.
 */
export const IN_LIST_SIZE = 500;

export function inChunks<T>(items: readonly T[], size = IN_LIST_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
