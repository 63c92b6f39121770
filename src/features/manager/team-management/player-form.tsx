/**
 * The inline add/edit player form (spec sections 2, 4 "Roster form" and 5): name,
 * position, general position and number, all required. The edit call changes
 * position, general position and number only, so in edit mode the name is read-only.
 */
import { useId, useRef, useState } from 'react';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import type { RosterPlayer } from '@/lib/api-types';
import { sendStaffWrite } from '@/lib/staff-api';
import { Field, ManagerForm } from './form-parts';
import { useToast } from '@/components/toast';
import {
  FORM_GENERALS,
  formGeneral,
  GENERAL_OF,
  POSITIONS,
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

interface PlayerErrors {
  name?: string;
  position?: string;
  general?: string;
  number?: string;
}

function check(values: { name: string; position: string; general: string; number: string }): PlayerErrors {
  const number = values.number.trim();
  return {
    ...(values.name.trim() === '' && { name: 'Name is required' }),
    ...(values.position === '' && { position: 'Position is required' }),
    ...(values.general === '' && { general: 'General position is required' }),
    ...(number === ''
      ? { number: 'Number is required' }
      : !/^\d{1,2}$/.test(number) && { number: 'Number must be a whole number from 0 to 99' }),
  };
}

export function PlayerForm({
  teamId,
  player,
  onClose,
}: {
  teamId: string;
  /** The player to edit; without one the form adds a player. */
  player?: RosterPlayer | undefined;
  onClose: (saved: boolean) => void;
}) {
  const toast = useToast();
  const id = useId();
  const editing = player !== undefined;
  const [name, setName] = useState(player?.name ?? '');
  const [position, setPosition] = useState<Position | ''>(player?.position ?? '');
  const [general, setGeneral] = useState<FormGeneral | ''>(player ? shownGeneral(player) : '');
  const [number, setNumber] = useState(player ? String(player.number) : '');
  const [errors, setErrors] = useState<PlayerErrors>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const positionSelect = useRef<HTMLSelectElement>(null);
  const generalSelect = useRef<HTMLSelectElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const found = check({ name, position, general, number });
    setErrors(found);
    const fields = { name: nameInput, position: positionSelect, general: generalSelect, number: numberInput };
    const first = (['name', 'position', 'general', 'number'] as const).find((key) => found[key]);
    if (first) {
      fields[first].current?.focus();
      return;
    }
    if (position === '' || general === '') return; // checked above; narrows the types

    setSaving(true);
    setFailure('');
    const placement = { position, position_general: general, number: Number(number.trim()) };
    try {
      if (player) {
        await sendStaffWrite('PUT', `/api/player/update/${encodeURIComponent(player.id)}`, placement);
      } else {
        await sendStaffWrite('POST', `/api/teams/${encodeURIComponent(teamId)}/players`, {
          name: name.trim(),
          ...placement,
          photo_id: null,
          metrics: {},
        });
      }
      clearResponseCache(); // team pages cache rosters in memory
      toast('success', editing ? 'Player updated successfully' : 'Player added successfully');
      onClose(true);
    } catch (error) {
      console.warn(error);
      toast('error', editing ? 'Failed to update player' : 'Failed to add player');
      // e.g. a shirt number already taken (409): say which rule the server applied.
      setFailure(error instanceof ApiError ? error.detailText('') : '');
      setSaving(false);
    }
  };

  /** A field's message goes once the field is changed. */
  const fix = (key: keyof PlayerErrors) =>
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([field]) => field !== key)));

  const describe = (key: keyof PlayerErrors, fieldId: string) =>
    errors[key] ? `${fieldId}-error` : undefined;

  return (
    <ManagerForm
      id={id}
      className="manager-player-form"
      title={player ? `Edit ${player.name}` : 'New player'}
      onSubmit={submit}
      failure={failure}
      saving={saving}
      label="Save Player"
      savingLabel="Saving…"
      onCancel={() => onClose(false)}
    >
      <Field
        id={`${id}-name`}
        label="Name"
        error={errors.name}
        {...(editing && { hint: 'The name cannot be changed here.' })}
      >
        <input
          ref={nameInput}
          id={`${id}-name`}
          value={name}
          maxLength={100}
          autoComplete="off"
          readOnly={editing}
          autoFocus={!editing}
          aria-required={!editing}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={editing ? `${id}-name-hint` : describe('name', `${id}-name`)}
          onChange={(event) => {
            setName(event.target.value);
            fix('name');
          }}
        />
      </Field>
      <Field id={`${id}-position`} label="Position" error={errors.position}>
        <select
          ref={positionSelect}
          id={`${id}-position`}
          value={position}
          autoFocus={editing}
          aria-required="true"
          aria-invalid={Boolean(errors.position)}
          aria-describedby={describe('position', `${id}-position`)}
          onChange={(event) => {
            const value = event.target.value;
            setPosition(isPosition(value) ? value : '');
            fix('position');
            if (isPosition(value)) {
              setGeneral(formGeneral(GENERAL_OF[value]));
              fix('general');
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
          ref={generalSelect}
          id={`${id}-general`}
          value={general}
          aria-required="true"
          aria-invalid={Boolean(errors.general)}
          aria-describedby={describe('general', `${id}-general`)}
          onChange={(event) => {
            setGeneral(isGeneral(event.target.value) ? event.target.value : '');
            fix('general');
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
          ref={numberInput}
          id={`${id}-number`}
          type="number"
          inputMode="numeric"
          min={0}
          max={99}
          step={1}
          value={number}
          aria-required="true"
          aria-invalid={Boolean(errors.number)}
          aria-describedby={describe('number', `${id}-number`)}
          onChange={(event) => {
            setNumber(event.target.value);
            fix('number');
          }}
        />
      </Field>
    </ManagerForm>
  );
}
