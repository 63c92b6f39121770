/**
 * The chosen season's points deductions: each with its team, points and reason and a
 * Remove (after confirming), and a form to take points off a registered team.
 */
import { useState } from 'react';
import { EmptyMessage } from '@/components/status';
import { useApi, type ApiState } from '@/hooks/use-api';
import type { Deduction, League, TeamSummary } from '@/lib/api-types';
import { formatDate } from '@/lib/format';
import { useWrite } from '../shared/staff-write';
import { Field, FormFrame, SubmitButton, useFieldErrors } from '../team-management/form-parts';
import { Loaded, leaguePath, RemovableRow } from './league-write';
import { plural } from '../../../../db/rules/words';

export function Deductions({
  league,
  registered,
}: {
  league: League;
  registered: ApiState<{ teams: TeamSummary[] }>;
}) {
  const deductions = useApi<{ deductions: Deduction[] }>(leaguePath(league.league_id, '/deductions'));
  return (
    <div className="leagues-stack">
      <Loaded
        state={deductions}
        label="Loading deductions..."
        failure="Failed to load deductions. Please try again later."
      >
        {(data) =>
          data.deductions.length === 0 ? (
            <EmptyMessage>No points deducted.</EmptyMessage>
          ) : (
            <ul className="leagues-rows" aria-label={`Deductions in ${league.league_name} ${league.season}`}>
              {data.deductions.map((deduction) => (
                <DeductionRow
                  key={deduction.id}
                  league={league}
                  deduction={deduction}
                  onRemoved={deductions.reload}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
      <Loaded
        state={registered}
        label="Loading teams..."
        failure="Failed to load teams. Please try again later."
      >
        {({ teams }) =>
          teams.length === 0 ? (
            <p className="leagues-note">Register a team to deduct points from it.</p>
          ) : (
            <AddDeduction league={league} teams={teams} onAdded={deductions.reload} />
          )
        }
      </Loaded>
    </div>
  );
}

function DeductionRow({
  league,
  deduction,
  onRemoved,
}: {
  league: League;
  deduction: Deduction;
  onRemoved: () => void;
}) {
  const label = `${plural(deduction.points, 'point')} from ${deduction.team_name}`;
  return (
    <RemovableRow
      path={leaguePath(league.league_id, `/deductions/${encodeURIComponent(String(deduction.id))}`)}
      confirm={`Remove the deduction of ${label}?`}
      removeLabel={`Remove the deduction of ${label}`}
      messages={{ success: 'Deduction removed successfully', failure: 'Failed to remove deduction' }}
      onRemoved={onRemoved}
    >
      <span className="leagues-row-title">
        {deduction.team_name} <span className="leagues-points">−{plural(deduction.points, 'point')}</span>
      </span>
      <span className="leagues-row-reason">{deduction.reason}</span>
      <span className="leagues-row-meta">{formatDate(deduction.created_at)}</span>
    </RemovableRow>
  );
}

function AddDeduction({
  league,
  teams,
  onAdded,
}: {
  league: League;
  teams: readonly TeamSummary[];
  onAdded: () => void;
}) {
  const write = useWrite();
  const fields = useFieldErrors<'team' | 'points' | 'reason'>();
  const { id, errors } = fields;
  const [teamId, setTeamId] = useState('');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');

  const submit = async () => {
    const wanted = points.trim();
    const clean = fields.report({
      ...(teamId === '' && { team: 'Choose a team' }),
      ...((!/^\d+$/.test(wanted) || Number(wanted) < 1 || Number(wanted) > 100) && {
        points: 'Enter a whole number of points from 1 to 100',
      }),
      ...(reason.trim() === '' && { reason: 'Reason is required' }),
    });
    if (!clean) return;
    const result = await write.send(
      'POST',
      leaguePath(league.league_id, '/deductions'),
      { team_id: teamId, points: Number(wanted), reason: reason.trim() },
      { success: 'Deduction added successfully', failure: 'Failed to add deduction' },
    );
    if (result.ok) {
      setTeamId('');
      setPoints('');
      setReason('');
      onAdded();
    }
  };

  return (
    <FormFrame
      className="manager-form leagues-subform"
      labelledBy={`${id}-title`}
      onSubmit={submit}
      failure={write.failure}
      actions={<SubmitButton pending={write.pending} label="Deduct Points" />}
    >
      <h4 id={`${id}-title`} className="leagues-subtitle">
        Deduct points
      </h4>
      <div className="manager-form-grid">
        <Field id={`${id}-team`} label="Team" error={errors.team}>
          <select
            {...fields.control('team')}
            value={teamId}
            aria-required="true"
            onChange={(event) => {
              setTeamId(event.target.value);
              fields.fix('team');
            }}
          >
            <option value="">Select a team</option>
            {teams.map((team) => (
              <option key={team.team_id} value={team.team_id}>
                {team.team_name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-points`} label="Points" error={errors.points}>
          <input
            {...fields.control('points')}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={points}
            aria-required="true"
            onChange={(event) => {
              setPoints(event.target.value);
              fields.fix('points');
            }}
          />
        </Field>
        <Field id={`${id}-reason`} label="Reason" error={errors.reason} wide>
          <textarea
            {...fields.control('reason')}
            rows={2}
            value={reason}
            maxLength={300}
            aria-required="true"
            onChange={(event) => {
              setReason(event.target.value);
              fields.fix('reason');
            }}
          />
        </Field>
      </div>
    </FormFrame>
  );
}
