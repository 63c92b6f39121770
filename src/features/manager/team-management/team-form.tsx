/**
 * The inline 'Add New Team' form: name and location required, description optional.
 * A league admin also says which of their leagues the team plays in (the server lets
 * them create teams there only); a super admin's team starts without a league.
 */
import { useState } from 'react';
import { useApi } from '@/hooks/use-api';
import type { League, Team } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, ManagerForm, useFieldErrors } from './form-parts';

export function AddTeamForm({
  leagueIds = null,
  onClose,
}: {
  /** The leagues a league admin runs; null for a super admin. */
  leagueIds?: readonly string[] | null;
  onClose: (created?: Team) => void;
}) {
  const write = useWrite();
  const fields = useFieldErrors<'name' | 'location'>();
  const { id, errors } = fields;
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [leagueId, setLeagueId] = useState(leagueIds?.[0] ?? '');
  const leagues = useApi<{ leagues: League[] }>(leagueIds ? '/api/leagues' : null, { cache: true });
  const leagueName = (lid: string) => {
    const league = leagues.data?.leagues.find((item) => item.league_id === lid);
    return league ? `${league.league_name} ${league.season}` : lid;
  };

  const submit = async () => {
    const clean = fields.report({
      ...(name.trim() === '' && { name: 'Team name is required' }),
      ...(location.trim() === '' && { location: 'Location is required' }),
    });
    if (!clean) return;
    const result = await write.send<Team>(
      'POST',
      '/api/teams',
      {
        name: name.trim(),
        location: location.trim(),
        description: description.trim(),
        ...(leagueIds && leagueId && { league_id: leagueId }),
      },
      { success: 'Team created successfully', failure: 'Failed to create team' },
    );
    if (result.ok) onClose(result.value);
  };

  return (
    <ManagerForm
      id={id}
      title="New team"
      onSubmit={submit}
      failure={write.failure}
      saving={write.pending}
      label="Create Team"
      savingLabel="Creating…"
      onCancel={() => onClose()}
    >
      <Field id={`${id}-name`} label="Team name" error={errors.name}>
        <input
          {...fields.control('name')}
          value={name}
          maxLength={100}
          autoComplete="off"
          autoFocus
          aria-required="true"
          onChange={(event) => {
            setName(event.target.value);
            fields.fix('name');
          }}
        />
      </Field>
      <Field id={`${id}-location`} label="Location" error={errors.location}>
        <input
          {...fields.control('location')}
          value={location}
          maxLength={100}
          aria-required="true"
          onChange={(event) => {
            setLocation(event.target.value);
            fields.fix('location');
          }}
        />
      </Field>
      {leagueIds && leagueIds.length > 0 && (
        <Field id={`${id}-league`} label="League">
          <select id={`${id}-league`} value={leagueId} onChange={(event) => setLeagueId(event.target.value)}>
            {leagueIds.map((lid) => (
              <option key={lid} value={lid}>
                {leagueName(lid)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={`${id}-description`} label="Description (optional)" wide>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={description}
          maxLength={1000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
    </ManagerForm>
  );
}
