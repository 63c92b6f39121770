/**
 * The SQL texts of the fixed statements (prepared.ts), each with a name PostgreSQL can
 * keep it under. A named statement is parsed and planned once per connection and then
 * only bound and executed, where an unnamed one was parsed and planned on every run:
 * a round trip's worth of the server's work for each of a write's statements, most of
 * them while the write lock is held. Only these texts are named: there is a bounded
 * number of them, where queries built per call (filters, pages) take many shapes, and
 * each name holds memory on every connection of the pool.
 */
const names = new Map<string, string>();

/** Notes a fixed statement's text (PostgreSQL's), once. */
export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `touchline_${names.size + 1}`);
}

/** The name of a fixed statement's text; undefined for any other query. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
