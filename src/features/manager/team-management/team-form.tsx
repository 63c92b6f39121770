/** The inline 'Add New Team' form: name and location required, description optional. */
import { useState } from 'react';
import type { Team } from '@/lib/api-types';
import { useWrite } from '../shared/staff-write';
import { Field, ManagerForm, useFieldErrors } from './form-parts';

export function AddTeamForm({ onClose }: { onClose: (created?: Team) => void }) {
  const write = useWrite();
  const fields = useFieldErrors<'name' | 'location'>();
  const { id, errors } = fields;
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [description, setDescription] = useState('');

  const submit = async () => {
    const clean = fields.report({
      ...(name.trim() === '' && { name: 'Team name is required' }),
      ...(location.trim() === '' && { location: 'Location is required' }),
    });
    if (!clean) return;
    const result = await write.send<Team>(
      'POST',
      '/api/teams',
      { name: name.trim(), location: location.trim(), description: description.trim() },
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
