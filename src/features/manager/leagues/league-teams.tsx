/**
 * The chosen season's registered teams: each with Withdraw, which first lists the
 * fixtures that would go with it, its upcoming ones and any past one with no report
 * (played matches stay and keep counting, decision 0032) and asks once, and a picker of the other teams to register
 * one. A team registered for another league that is not completed is refused by the
 * server, which says which league.
 */
import { useEffect, useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { EmptyMessage, Loading } from '@/components/status';
import { formatMatchDate } from '@/lib/format';
import { useApi, type ApiState } from '@/hooks/use-api';
import type { League, TeamSummary } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, FormFrame, SubmitButton, useFieldErrors, WriteFailure } from '../team-management/form-parts';
import { Loaded, leaguePath } from './league-write';
import { unreportedCounts, unreportedWords } from '../../../../api/domain/unreported';
import { plural } from '../../../../db/rules/words';

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
  const [asking, setAsking] = useState(false);
  return (
    <li className="leagues-row">
      <span className="leagues-row-main">
        <span className="leagues-row-title">{team.team_name}</span>
        <span className="leagues-row-meta">{team.location}</span>
      </span>
      <span className="leagues-row-actions">
        <button
          type="button"
          className="button button-secondary manager-small-button manager-button-danger"
          aria-label={`Withdraw ${team.team_name}`}
          onClick={() => setAsking(true)}
        >
          Withdraw
        </button>
      </span>
      {asking && (
        <WithdrawDialog
          league={league}
          team={team}
          onClose={() => setAsking(false)}
          onWithdrawn={() => {
            setAsking(false);
            onRemoved();
          }}
        />
      )}
    </li>
  );
}

interface Fixture {
  id: number;
  match_date: string;
  status: string;
  home_team_name: string;
  away_team_name: string;
  location: string;
}

/**
 * What withdrawing deletes, asked of the server (a dry run changes nothing), and the one
 * confirmation: the confirmed call deletes those fixtures and withdraws the team together.
 */
function WithdrawDialog({
  league,
  team,
  onClose,
  onWithdrawn,
}: {
  league: League;
  team: TeamSummary;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const check = useWrite();
  const write = useWrite();
  const [fixtures, setFixtures] = useState<Fixture[] | null>(null);
  const path = leaguePath(league.league_id, `/teams/${encodeURIComponent(team.team_id)}`);
  const { send } = check;

  useEffect(() => {
    void send<{ fixtures: Fixture[] }>('DELETE', `${path}?dry_run=true`, undefined, {
      failure: 'Failed to check the fixtures',
    }).then((result) => {
      if (result.ok) setFixtures(result.value.fixtures);
    });
  }, [send, path]);

  const withdraw = async () => {
    const result = await write.send('DELETE', `${path}?confirm=true`, undefined, {
      success: 'Team withdrawn from the league',
      failure: 'Failed to withdraw team',
    });
    if (result.ok) onWithdrawn();
  };

  const count = fixtures?.length ?? 0;
  const deleted = unreportedWords(unreportedCounts(fixtures ?? [], new Date()));
  return (
    <ModalDialog
      title={`Withdraw ${team.team_name}?`}
      subtitle={`${league.league_name} ${league.season}`}
      onClose={onClose}
      busy={write.pending}
      width="34rem"
    >
      <div className="modal-body">
        {check.failure ? (
          <WriteFailure failure={check.failure} />
        ) : fixtures === null ? (
          <Loading label="Checking its fixtures..." />
        ) : (
          <>
            <p>
              {count === 0
                ? `${team.team_name} has no upcoming fixtures and none waiting for a report.`
                : `Its ${deleted} will be deleted:`}
            </p>
            {count > 0 && (
              <ul className="leagues-rows" aria-label="Fixtures to delete">
                {fixtures.map((fixture) => (
                  <li key={fixture.id} className="leagues-row">
                    <span className="leagues-row-main">
                      <span className="leagues-row-title">
                        {fixture.home_team_name} vs {fixture.away_team_name}
                      </span>
                      <span className="leagues-row-meta">
                        {formatMatchDate(fixture.match_date)}
                        {fixture.location && ` · ${fixture.location}`}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="leagues-note">Played matches stay on record and keep counting in the table.</p>
          </>
        )}
        <WriteFailure failure={write.failure} />
      </div>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose} disabled={write.pending}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-secondary manager-button-danger"
          disabled={fixtures === null || write.pending}
          onClick={() => void withdraw()}
        >
          {write.pending
            ? 'Withdrawing…'
            : count > 0
              ? `Withdraw and delete ${plural(count, 'fixture')}`
              : 'Withdraw'}
        </button>
      </div>
    </ModalDialog>
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
