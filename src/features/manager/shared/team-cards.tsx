import { TeamLogo } from '@/components/images';
import { EmptyMessage } from '@/components/status';
import { StaffTeamsLoaded } from './staff-teams-loaded';
import type { StaffTeams } from './staff-loads';

/**
 * The staff's teams as cards (crest, name, ground): pressed to choose one when they have
 * several (a league admin, a coach of two teams), shown as theirs when they have one.
 */
export function TeamCards({
  teams,
  teamId,
  onChoose,
}: {
  teams: StaffTeams;
  teamId: string;
  onChoose(teamId: string): void;
}) {
  return (
    <StaffTeamsLoaded teams={teams}>
      {(list) =>
        list.length === 0 ? (
          <EmptyMessage>No teams found</EmptyMessage>
        ) : (
          <ul className="selection-teams" aria-label="Teams">
            {list.map((team) => {
              const card = (
                <>
                  <TeamLogo logo={team.logo} name={team.team_name} size={40} />
                  <span className="selection-team-text">
                    <span className="selection-team-name">{team.team_name}</span>
                    {team.location && <span className="selection-team-location">{team.location}</span>}
                  </span>
                </>
              );
              return (
                <li key={team.team_id}>
                  {teams.chooses ? (
                    <button
                      type="button"
                      className="selection-team"
                      aria-pressed={team.team_id === teamId}
                      onClick={() => onChoose(team.team_id)}
                    >
                      {card}
                    </button>
                  ) : (
                    // Staff with one team have it chosen already: nothing to press.
                    <div className="selection-team selection-team-own">{card}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )
      }
    </StaffTeamsLoaded>
  );
}
