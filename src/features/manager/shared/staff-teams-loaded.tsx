import type { ReactNode } from 'react';
import { ErrorMessage, Loading } from '@/components/status';
import type { TeamSummary } from '@/lib/api-types';
import type { StaffTeams } from './staff-loads';

/**
 * A staff tab over its user's teams (useStaffTeams): loading, the failure as spec section 8
 * words it, then what the tab shows of the teams.
 */
export function StaffTeamsLoaded({
  teams,
  children,
}: {
  teams: StaffTeams;
  children: (teams: TeamSummary[]) => ReactNode;
}) {
  if (teams.loading) return <Loading label="Loading teams..." />;
  if (teams.error || !teams.teams) {
    return <ErrorMessage>Failed to load teams. Please try again later.</ErrorMessage>;
  }
  return children(teams.teams);
}
