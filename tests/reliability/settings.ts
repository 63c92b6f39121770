/**
 * How hard the reliability suite pushes: the short variant runs inside `npm test`
 * (a few minutes); RELIABILITY=long (`npm run bench`) runs the long one.
 */
export const LONG = process.env.RELIABILITY === 'long';

export const SETTINGS = {
  /** Generated bad inputs per run, across every endpoint and role (at least 1,000). */
  badInputs: LONG ? 20_000 : 1_500,
  /** SIGKILLs of a server under write load (at least 20). */
  kills: LONG ? 100 : 20,
  /** Mixed read/write load: seconds and concurrent connections. */
  loadSeconds: LONG ? 60 : 10,
  loadConnections: 50,
} as const;

/** One figure line, easy to find in the output: `[reliability] name: value`. */
export function figure(name: string, value: string | number): void {
  console.log(`[reliability] ${name}: ${value}`);
}
