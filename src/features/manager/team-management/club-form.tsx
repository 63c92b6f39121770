/**
 * A club's details on Team Management: the crest upload, and the name and location (a
 * league admin of its league, or a super admin) with the description and links (its
 * coach or owner too). The server checks the same rights and says why when it refuses.
 */
import { useState } from 'react';
import { ErrorMessage, Loading } from '@/components/status';
import { useApi } from '@/hooks/use-api';
import type { Team, TeamSummary } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, ManagerForm, useFieldErrors } from './form-parts';
import { ImageUpload } from './image-upload';

type ClubField = 'name' | 'location' | 'website' | 'news_url' | 'youtube_channel';
const LINKS = [
  ['website', 'Website'],
  ['news_url', 'News feed or page'],
  ['youtube_channel', 'YouTube channel'],
] as const;

function isLink(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function ClubForm({
  team,
  mayRename,
  onClose,
  onCrest,
}: {
  team: Team;
  /** An admin of the team's league or a super admin: the name and location are theirs to change. */
  mayRename: boolean;
  onClose: (saved?: Team) => void;
  onCrest: (team: Team) => void;
}) {
  const write = useWrite();
  const fields = useFieldErrors<ClubField>();
  const { id, errors } = fields;
  const [name, setName] = useState(team.team_name);
  const [location, setLocation] = useState(team.location);
  const [description, setDescription] = useState(team.description);
  const [links, setLinks] = useState<Record<(typeof LINKS)[number][0], string>>({
    website: team.website ?? '',
    news_url: team.news_url ?? '',
    youtube_channel: team.youtube_channel ?? '',
  });

  const submit = async () => {
    const clean = fields.report({
      ...(mayRename && name.trim() === '' && { name: 'Team name is required' }),
      ...(mayRename && location.trim() === '' && { location: 'Location is required' }),
      ...Object.fromEntries(
        LINKS.filter(([key]) => !isLink(links[key].trim())).map(([key]) => [
          key,
          'Must be an http:// or https:// address',
        ]),
      ),
    });
    if (!clean) return;
    const result = await write.send<Team>(
      'PUT',
      `/api/teams/${encodeURIComponent(team.team_id)}`,
      {
        ...(mayRename && { team_name: name.trim(), location: location.trim() }),
        description: description.trim(),
        website: links.website.trim(),
        news_url: links.news_url.trim(),
        youtube_channel: links.youtube_channel.trim(),
      },
      { success: 'Club details saved', failure: 'Failed to save the club details' },
    );
    if (result.ok) onClose(result.value);
  };

  return (
    <ManagerForm
      id={id}
      className="manager-club-form"
      title={`${team.team_name} details`}
      onSubmit={submit}
      failure={write.failure}
      saving={write.pending}
      label="Save Club"
      savingLabel="Saving…"
      onCancel={() => onClose()}
    >
      <ImageUpload<Team>
        kind="teams"
        label="Crest"
        name={team.team_name}
        current={team.logo}
        path={`/api/teams/${encodeURIComponent(team.team_id)}/crest`}
        onUploaded={onCrest}
      />
      <Field
        id={`${id}-name`}
        label="Team name"
        error={errors.name}
        {...(!mayRename && { hint: "Only the league's admin can rename the club." })}
      >
        <input
          {...fields.control('name', !mayRename)}
          value={name}
          maxLength={100}
          autoComplete="off"
          readOnly={!mayRename}
          aria-required={mayRename}
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
          readOnly={!mayRename}
          aria-required={mayRename}
          onChange={(event) => {
            setLocation(event.target.value);
            fields.fix('location');
          }}
        />
      </Field>
      <Field id={`${id}-description`} label="Description (optional)" wide>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          maxLength={1000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      {LINKS.map(([key, label]) => (
        <Field key={key} id={`${id}-${key}`} label={`${label} (optional)`} error={errors[key]}>
          <input
            {...fields.control(key)}
            type="url"
            inputMode="url"
            value={links[key]}
            maxLength={500}
            placeholder="https://"
            onChange={(event) => {
              setLinks({ ...links, [key]: event.target.value });
              fields.fix(key);
            }}
          />
        </Field>
      ))}
    </ManagerForm>
  );
}

/** The chosen team's 'Edit Club Details' button, and the form once the full record has loaded. */
export function ClubDetails({
  team,
  mayRename,
  onChanged,
}: {
  team: TeamSummary;
  mayRename: boolean;
  /** The team's name, place, description or crest changed: the list shows them. */
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  const record = useApi<Team>(open ? `/api/teams/${encodeURIComponent(team.team_id)}` : null);
  if (!open) {
    return (
      <div className="manager-club-details">
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Edit Club Details
        </button>
      </div>
    );
  }
  if (record.error) {
    return (
      <ErrorMessage onRetry={record.reload}>
        Failed to load the club details. Please try again later.
      </ErrorMessage>
    );
  }
  if (!record.data) return <Loading label="Loading club details..." />;
  return (
    <ClubForm
      team={record.data}
      mayRename={mayRename}
      onCrest={() => {
        record.reload();
        onChanged();
      }}
      onClose={(saved) => {
        setOpen(false);
        if (saved) onChanged();
      }}
    />
  );
}
