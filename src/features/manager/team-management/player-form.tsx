/**
 * The inline add/edit player form (spec sections 2, 4 "Roster form" and 5): name,
 * position, general position and number, all required. Editing, staff may also fix the
 * name and upload a photo, and an admin of the team's league may move the player to
 * another team of that league (`transferTeams`).
 */
import { useState } from 'react';
import type { RosterPlayer, TeamSummary } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, ManagerForm, useFieldErrors, type FieldErrors } from './form-parts';
import { ImageUpload } from './image-upload';
import {
  FORM_GENERALS,
  formGeneral,
  GENERAL_OF,
  POSITIONS,
  positionsAgree,
  storedGeneral,
  type FormGeneral,
  type Position,
} from '../../../../db/rules/positions';

function isPosition(value: string): value is Position {
  return (POSITIONS as readonly string[]).includes(value);
}

function isGeneral(value: string): value is FormGeneral {
  return (FORM_GENERALS as readonly string[]).includes(value);
}

/** The general position to show for a stored player ('Other' has no form choice: use the position's). */
function shownGeneral(player: RosterPlayer): FormGeneral {
  const shown = formGeneral(player.position_general);
  return shown !== null && isGeneral(shown) ? shown : formGeneral(GENERAL_OF[player.position]);
}

type PlayerField = 'name' | 'position' | 'general' | 'number';

function check(values: Record<PlayerField, string>): FieldErrors<PlayerField> {
  const number = values.number.trim();
  return {
    ...(values.name.trim() === '' && { name: 'Name is required' }),
    ...(values.position === '' && { position: 'Position is required' }),
    ...(values.general === '' && { general: 'General position is required' }),
    // Said here rather than by the server, whose refusal names its own field names.
    ...(isPosition(values.position) &&
      isGeneral(values.general) &&
      !positionsAgree(values.position, storedGeneral(values.general)) && {
        general: `General position must be ${formGeneral(GENERAL_OF[values.position])} for a ${values.position}`,
      }),
    ...(number === ''
      ? { number: 'Number is required' }
      : !/^\d{1,2}$/.test(number) && { number: 'Number must be a whole number from 0 to 99' }),
  };
}

export function PlayerForm({
  teamId,
  player,
  transferTeams,
  onClose,
}: {
  teamId: string;
  /** The player to edit; without one the form adds a player. */
  player?: RosterPlayer | undefined;
  /** The league's other teams, for a league admin editing a player: the Team choice. */
  transferTeams?: readonly TeamSummary[] | undefined;
  onClose: (saved: boolean) => void;
}) {
  const write = useWrite();
  const fields = useFieldErrors<PlayerField>();
  const { id, errors } = fields;
  const [name, setName] = useState(player?.name ?? '');
  const [position, setPosition] = useState<Position | ''>(player?.position ?? '');
  const [general, setGeneral] = useState<FormGeneral | ''>(player ? shownGeneral(player) : '');
  const [number, setNumber] = useState(player ? String(player.number) : '');
  const [team, setTeam] = useState(teamId);
  const [photo, setPhoto] = useState(player?.photo_id ?? null);

  const submit = async () => {
    if (!fields.report(check({ name, position, general, number }))) return;
    if (position === '' || general === '') return; // checked above; narrows the types

    const placement = { position, position_general: general, number: Number(number.trim()) };
    // e.g. a shirt number already taken (409): the form shows which rule the server applied.
    const result = player
      ? await write.send(
          'PUT',
          `/api/player/update/${encodeURIComponent(player.id)}`,
          { name: name.trim(), ...placement, ...(team !== teamId && { team_id: team }) },
          {
            success: team !== teamId ? 'Player moved to the new team' : 'Player updated successfully',
            failure: 'Failed to update player',
          },
        )
      : await write.send(
          'POST',
          `/api/teams/${encodeURIComponent(teamId)}/players`,
          { name: name.trim(), ...placement, photo_id: null, metrics: {} },
          { success: 'Player added successfully', failure: 'Failed to add player' },
        );
    if (result.ok) onClose(true);
  };

  return (
    <ManagerForm
      id={id}
      className="manager-player-form"
      title={player ? `Edit ${player.name}` : 'New player'}
      onSubmit={submit}
      failure={write.failure}
      saving={write.pending}
      label="Save Player"
      savingLabel="Saving…"
      onCancel={() => onClose(false)}
    >
      {player && (
        <ImageUpload<RosterPlayer>
          kind="players"
          label="Photo"
          name={player.name}
          current={photo}
          path={`/api/players/${encodeURIComponent(player.id)}/photo`}
          onUploaded={(saved) => setPhoto(saved.photo_id)}
        />
      )}
      <Field id={`${id}-name`} label="Name" error={errors.name}>
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
      <Field id={`${id}-position`} label="Position" error={errors.position}>
        <select
          {...fields.control('position')}
          value={position}
          aria-required="true"
          onChange={(event) => {
            const value = event.target.value;
            setPosition(isPosition(value) ? value : '');
            fields.fix('position');
            if (isPosition(value)) {
              setGeneral(formGeneral(GENERAL_OF[value]));
              fields.fix('general');
            }
          }}
        >
          <option value="">Select a position</option>
          {POSITIONS.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-general`} label="General position" error={errors.general}>
        <select
          {...fields.control('general')}
          value={general}
          aria-required="true"
          onChange={(event) => {
            setGeneral(isGeneral(event.target.value) ? event.target.value : '');
            fields.fix('general');
          }}
        >
          <option value="">Select a general position</option>
          {FORM_GENERALS.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-number`} label="Number" error={errors.number}>
        <input
          {...fields.control('number')}
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          step={1}
          value={number}
          aria-required="true"
          onChange={(event) => {
            setNumber(event.target.value);
            fields.fix('number');
          }}
        />
      </Field>
      {player && transferTeams && transferTeams.length > 0 && (
        <Field id={`${id}-team`} label="Team" hint="Past matches and statistics stay with the current team.">
          <select
            id={`${id}-team`}
            aria-describedby={`${id}-team-hint`}
            value={team}
            onChange={(event) => setTeam(event.target.value)}
          >
            <option value={teamId}>{player.team_name ?? teamId}</option>
            {transferTeams
              .filter((other) => other.team_id !== teamId)
              .map((other) => (
                <option key={other.team_id} value={other.team_id}>
                  {other.team_name}
                </option>
              ))}
          </select>
        </Field>
      )}
    </ManagerForm>
  );
}
