/** Id helpers of the teams screens (spec sections 2 and 3). */

/** Coach routes use hyphens for the dots of coach ids; the coach page turns them back. */
export function coachPath(coachId: string): string {
  return `/coach/${encodeURIComponent(coachId.replace(/\./g, '-'))}`;
}

export function teamPath(teamId: string): string {
  return `/team/${encodeURIComponent(teamId)}`;
}

export function teamApi(teamId: string, rest = ''): string {
  return `/api/teams/${encodeURIComponent(teamId)}${rest}`;
}
