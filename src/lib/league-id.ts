/** A team's league_id may be colon-separated ("region:tl-26"); the last segment is the league id. */
export function leagueIdOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = (value.split(':').pop() ?? '').trim();
  return id === '' ? null : id;
}
