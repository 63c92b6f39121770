/**
 * A league season's record: the 'New season' form (id, name, season, status, place)
 * and the chosen season's Details (name, status and place; the id and season are
 * fixed once created, since matches and links name them).
 */
import { useState, type ReactNode } from 'react';
import type { League } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, FormFrame, ManagerForm, SubmitButton, useFieldErrors } from '../team-management/form-parts';
import { leaguePath } from './league-write';

type Status = League['status'];
export const STATUSES = ['active', 'upcoming', 'completed'] as const satisfies readonly Status[];
const STATUS_LABELS: Record<Status, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  completed: 'Completed',
};

const isStatus = (value: string): value is Status => (STATUSES as readonly string[]).includes(value);

/** The API's rule for a league id (decision 0010): e.g. mwpl-27. */
const LEAGUE_ID = /^[a-z0-9][a-z0-9.-]*$/;

export function statusLabel(status: Status): string {
  return STATUS_LABELS[status];
}

function StatusSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Status;
  onChange: (status: Status) => void;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => {
        if (isStatus(event.target.value)) onChange(event.target.value);
      }}
    >
      {STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}

/**
 * The fields a season's record shares between its two forms: the league name (required),
 * then what the form adds (children: the new season's year), the status and the place.
 * Their ids are the form's id with -name, -status and -location.
 */
function LeagueFields({
  id,
  name,
  status,
  location,
  nameError,
  onName,
  onStatus,
  onLocation,
  children,
}: {
  id: string;
  name: string;
  status: Status;
  location: string;
  nameError: string | undefined;
  onName: (name: string) => void;
  onStatus: (status: Status) => void;
  onLocation: (location: string) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Field id={`${id}-name`} label="League name" error={nameError}>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={200}
          autoComplete="off"
          aria-required="true"
          aria-invalid={Boolean(nameError)}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => onName(event.target.value)}
        />
      </Field>
      {children}
      <Field id={`${id}-status`} label="Status">
        <StatusSelect id={`${id}-status`} value={status} onChange={onStatus} />
      </Field>
      <Field id={`${id}-location`} label="Location" wide>
        <input
          id={`${id}-location`}
          value={location}
          maxLength={200}
          onChange={(event) => onLocation(event.target.value)}
        />
      </Field>
    </>
  );
}

export function NewLeagueForm({ onClose }: { onClose: (created?: League) => void }) {
  const write = useWrite();
  const fields = useFieldErrors<'leagueId' | 'name' | 'season'>();
  const { id, errors } = fields;
  const [leagueId, setLeagueId] = useState('');
  const [name, setName] = useState('');
  const [season, setSeason] = useState(() => String(new Date().getFullYear() + 1));
  const [status, setStatus] = useState<Status>('upcoming');
  const [location, setLocation] = useState('');

  const submit = async () => {
    const wantedId = leagueId.trim();
    const clean = fields.report({
      ...(wantedId === ''
        ? { leagueId: 'League ID is required' }
        : !LEAGUE_ID.test(wantedId) && {
            leagueId: 'Use lower-case letters, digits, dots and hyphens, e.g. mwpl-27',
          }),
      ...(name.trim() === '' && { name: 'League name is required' }),
      ...(!/^\d{4}$/.test(season.trim()) && { season: 'Season must be a four-digit year, e.g. 2027' }),
    });
    if (!clean) return;
    const result = await write.send<League>(
      'POST',
      '/api/leagues',
      {
        league_id: wantedId,
        league_name: name.trim(),
        season: season.trim(),
        status,
        location: location.trim(),
      },
      { success: 'Season created successfully', failure: 'Failed to create season' },
    );
    if (result.ok) onClose(result.value);
  };

  return (
    <ManagerForm
      id={id}
      title="New season"
      onSubmit={submit}
      failure={write.failure}
      saving={write.pending}
      label="Create Season"
      savingLabel="Creating…"
      onCancel={() => onClose()}
    >
      <Field
        id={`${id}-leagueId`}
        label="League ID"
        error={errors.leagueId}
        hint="Lower-case letters, digits, dots and hyphens; a -YY ending must match the season (mwpl-27 for 2027)."
      >
        <input
          {...fields.control('leagueId', true)}
          value={leagueId}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          aria-required="true"
          onChange={(event) => {
            setLeagueId(event.target.value);
            fields.fix('leagueId');
          }}
        />
      </Field>
      <LeagueFields
        id={id}
        name={name}
        status={status}
        location={location}
        nameError={errors.name}
        onName={(value) => {
          setName(value);
          fields.fix('name');
        }}
        onStatus={setStatus}
        onLocation={setLocation}
      >
        <Field id={`${id}-season`} label="Season" error={errors.season}>
          <input
            {...fields.control('season')}
            value={season}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            aria-required="true"
            onChange={(event) => {
              setSeason(event.target.value);
              fields.fix('season');
            }}
          />
        </Field>
      </LeagueFields>
    </ManagerForm>
  );
}

export function LeagueDetails({ league, onSaved }: { league: League; onSaved: (league: League) => void }) {
  const write = useWrite();
  const fields = useFieldErrors<'name'>();
  const { id, errors } = fields;
  const [name, setName] = useState(league.league_name);
  const [status, setStatus] = useState<Status>(league.status);
  const [location, setLocation] = useState(league.location);
  const changed = name !== league.league_name || status !== league.status || location !== league.location;

  const submit = async () => {
    if (!fields.report({ ...(name.trim() === '' && { name: 'League name is required' }) })) return;
    const result = await write.send<League>(
      'PUT',
      leaguePath(league.league_id),
      { league_name: name.trim(), status, location: location.trim() },
      { success: 'League updated successfully', failure: 'Failed to update league' },
    );
    if (result.ok) onSaved(result.value);
  };

  return (
    <FormFrame
      label={`Details of ${league.league_name} ${league.season}`}
      onSubmit={submit}
      failure={write.failure}
      actions={<SubmitButton pending={write.pending} disabled={!changed} label="Save Details" />}
    >
      <p className="leagues-fixed">
        <span>
          League ID <strong>{league.league_id}</strong>
        </span>
        <span>
          Season <strong>{league.season}</strong>
        </span>
      </p>
      <div className="manager-form-grid">
        <LeagueFields
          id={id}
          name={name}
          status={status}
          location={location}
          nameError={errors.name}
          onName={(value) => {
            setName(value);
            fields.fix('name');
          }}
          onStatus={setStatus}
          onLocation={setLocation}
        />
      </div>
    </FormFrame>
  );
}
