/** What the browser benchmarks share: choosing pages by an environment variable, printing tables. */

/**
 * The pages whose name or path contains one of the comma-separated strings (any case) in
 * the environment variable `variable`; all of them when it is unset. Throws when it
 * matches none, naming the pages there are.
 */
export function pagesChosenBy<T extends { name: string; path: string }>(pages: T[], variable: string): T[] {
  const parts = (process.env[variable] ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0) return pages;
  const chosen = pages.filter((page) =>
    parts.some((part) => page.name.toLowerCase().includes(part) || page.path.toLowerCase().includes(part)),
  );
  if (chosen.length === 0) {
    throw new Error(
      `${variable}=${process.env[variable]} matches none of ${pages.map((page) => page.name).join(', ')}`,
    );
  }
  return chosen;
}

/** Left-aligned columns under a header and a rule. */
export function formatColumns(header: string[], lines: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)].join(
    '\n',
  );
}
