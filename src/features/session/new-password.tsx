/**
 * Choosing a password (a reset link, an accepted invitation): the fields with their
 * problems in place, the checks the server makes that can be made here (8 to 128
 * characters, the two alike), and the server's own field problems ("Invalid field
 * 'password': is too common: …") put back under the field they name.
 */
import { useId } from 'react';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type FieldProblems<Field extends string> = Partial<Record<Field, string>>;

/** The problems of a new password and its confirmation, before anything is sent. */
export function checkNewPassword(password: string, confirm: string): FieldProblems<'password' | 'confirm'> {
  const problems: FieldProblems<'password' | 'confirm'> = {};
  // Counted as the server counts: characters, not UTF-16 units.
  const length = [...password].length;
  if (!password) problems.password = 'Enter a new password';
  else if (length < PASSWORD_MIN)
    problems.password = `The password must be at least ${PASSWORD_MIN} characters`;
  else if (length > PASSWORD_MAX)
    problems.password = `The password must be at most ${PASSWORD_MAX} characters`;
  if (!confirm) problems.confirm = 'Confirm the password';
  else if (password && confirm !== password) problems.confirm = 'The passwords do not match';
  return problems;
}

const FIELD_DETAIL = /^Invalid field '([a-z_]+)': (.+)$/s;

/**
 * The field a server detail is about and what it says of it, when it names one of
 * `fields` ("Invalid field 'password': is too common: …" → password, "Password is too
 * common: …"); null otherwise (the detail then belongs in the alert).
 */
export function serverFieldProblem<Field extends string>(
  detail: string,
  fields: Record<Field, string>,
): FieldProblems<Field> | null {
  const match = FIELD_DETAIL.exec(detail);
  if (!match) return null;
  const [, name = '', text = ''] = match;
  if (!(name in fields)) return null;
  return { [name]: `${fields[name as Field]} ${text}` } as FieldProblems<Field>;
}

/** A labelled input with its problem under it (announced with the field). */
export function ProblemField({
  label,
  problem,
  hint,
  ...input
}: {
  label: string;
  problem: string | undefined;
  hint?: string;
  name: string;
  type?: 'password' | 'text';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [hint && hintId, problem && problemId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={input.name}
        type={input.type ?? 'text'}
        autoComplete={input.autoComplete}
        value={input.value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => input.onChange(event.target.value)}
      />
      {hint && (
        <small id={hintId} className="muted">
          {hint}
        </small>
      )}
      {problem && (
        <span id={problemId} className="field-problem">
          {problem}
        </span>
      )}
    </div>
  );
}
