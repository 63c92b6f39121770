/**
 * The chosen season's registered teams: each with Remove (refused while the team has
 * matches in the league), and a picker of the other teams to register one. A team
 * registered for another league that is not completed is refused by the server, which
 * says which league.
 */
import { useState } from 'react';
import { EmptyMessage } from '@/components/status';
import { useApi, type ApiState } from '@/hooks/use-api';
import type { League, TeamSummary } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, FormFrame, SubmitButton, useFieldErrors } from '../team-management/form-parts';
import { Loaded, leaguePath, RemovableRow } from './league-write';

export function LeagueTeams({
  league,
  registered,
  onChanged,
}: {
  league: League;
  registered: ApiState<{ teams: TeamSummary[] }>;
  onChanged: () => void;
}) {
  const all = useApi<{ teams: TeamSummary[] }>('/api/teams');
  const changed = () => {
    onChanged();
    all.reload();
  };
  return (
    <div className="leagues-stack">
      <Loaded
        state={registered}
        label="Loading teams..."
        failure="Failed to load teams. Please try again later."
      >
        {({ teams }) =>
          teams.length === 0 ? (
            <EmptyMessage>No teams registered yet.</EmptyMessage>
          ) : (
            <ul className="leagues-rows" aria-label={`Teams in ${league.league_name} ${league.season}`}>
              {teams.map((team) => (
                <TeamRow key={team.team_id} league={league} team={team} onRemoved={changed} />
              ))}
            </ul>
          )
        }
      </Loaded>
      <Loaded state={all} label="Loading teams..." failure="Failed to load teams. Please try again later.">
        {({ teams }) => <RegisterTeam league={league} teams={teams} onRegistered={changed} />}
      </Loaded>
    </div>
  );
}

function TeamRow({ league, team, onRemoved }: { league: League; team: TeamSummary; onRemoved: () => void }) {
  return (
    <RemovableRow
      path={leaguePath(league.league_id, `/teams/${encodeURIComponent(team.team_id)}`)}
      confirm={`Remove ${team.team_name} from ${league.league_name} ${league.season}?`}
      removeLabel={`Remove ${team.team_name}`}
      messages={{ success: 'Team removed from the league', failure: 'Failed to remove team' }}
      onRemoved={onRemoved}
    >
      <span className="leagues-row-title">{team.team_name}</span>
      <span className="leagues-row-meta">{team.location}</span>
    </RemovableRow>
  );
}

function RegisterTeam({
  league,
  teams,
  onRegistered,
}: {
  league: League;
  teams: readonly TeamSummary[];
  onRegistered: () => void;
}) {
  const write = useWrite();
  const fields = useFieldErrors<'team'>();
  const { id, errors } = fields;
  const [teamId, setTeamId] = useState('');
  const choices = teams
    .filter((team) => team.league_id !== league.league_id)
    .sort((a, b) => a.team_name.localeCompare(b.team_name));

  const submit = async () => {
    // The select stands next to the button: the focus stays on the button.
    if (!fields.report({ ...(teamId === '' && { team: 'Choose a team' }) }, false)) return;
    const result = await write.send(
      'POST',
      leaguePath(league.league_id, '/teams'),
      { team_id: teamId },
      { success: 'Team registered successfully', failure: 'Failed to register team' },
    );
    if (result.ok) {
      setTeamId('');
      onRegistered();
    }
  };

  return (
    <FormFrame
      className="manager-form leagues-inline-form"
      label="Register a team"
      onSubmit={submit}
      failure={write.failure}
    >
      <div className="leagues-inline-fields">
        <Field id={`${id}-team`} label="Team to register" error={errors.team}>
          <select
            {...fields.control('team')}
            value={teamId}
            onChange={(event) => {
              setTeamId(event.target.value);
              fields.fix('team');
              write.clearFailure();
            }}
          >
            <option value="">Select a team</option>
            {choices.map((team) => (
              <option key={team.team_id} value={team.team_id}>
                {team.league_id ? `${team.team_name} (now in ${team.league_id})` : team.team_name}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton pending={write.pending} label="Register Team" pendingLabel="Registering…" />
      </div>
    </FormFrame>
  );
}
