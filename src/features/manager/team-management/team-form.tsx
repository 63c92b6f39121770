/** The inline 'Add New Team' form: name and location required, description optional. */
import { useId, useRef, useState } from 'react';
import { ApiError, clearResponseCache } from '@/lib/api-client';
import type { Team } from '@/lib/api-types';
import { sendStaffWrite } from '@/lib/staff-api';
import { useToast } from '@/components/toast';
import { Field, ManagerForm } from './form-parts';

interface TeamErrors {
  name?: string;
  location?: string;
}

export function AddTeamForm({ onClose }: { onClose: (created?: Team) => void }) {
  const toast = useToast();
  const id = useId();
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<TeamErrors>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const locationInput = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const found: TeamErrors = {
      ...(name.trim() === '' && { name: 'Team name is required' }),
      ...(location.trim() === '' && { location: 'Location is required' }),
    };
    setErrors(found);
    if (found.name || found.location) {
      (found.name ? nameInput : locationInput).current?.focus();
      return;
    }

    setSaving(true);
    setFailure('');
    try {
      const team = await sendStaffWrite<Team>('POST', '/api/teams', {
        name: name.trim(),
        location: location.trim(),
        description: description.trim(),
      });
      clearResponseCache(); // public screens cache the team list in memory
      toast('success', 'Team created successfully');
      onClose(team);
    } catch (error) {
      console.warn(error);
      toast('error', 'Failed to create team');
      setFailure(error instanceof ApiError ? error.detailText('') : '');
      setSaving(false);
    }
  };

  return (
    <ManagerForm
      id={id}
      title="New team"
      onSubmit={submit}
      failure={failure}
      saving={saving}
      label="Create Team"
      savingLabel="Creating…"
      onCancel={() => onClose()}
    >
      <Field id={`${id}-name`} label="Team name" error={errors.name}>
        <input
          ref={nameInput}
          id={`${id}-name`}
          value={name}
          maxLength={100}
          autoComplete="off"
          autoFocus
          aria-required="true"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setErrors(({ name: _fixed, ...rest }) => rest);
          }}
        />
      </Field>
      <Field id={`${id}-location`} label="Location" error={errors.location}>
        <input
          ref={locationInput}
          id={`${id}-location`}
          value={location}
          maxLength={100}
          aria-required="true"
          aria-invalid={Boolean(errors.location)}
          aria-describedby={errors.location ? `${id}-location-error` : undefined}
          onChange={(event) => {
            setLocation(event.target.value);
            setErrors(({ location: _fixed, ...rest }) => rest);
          }}
        />
      </Field>
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
