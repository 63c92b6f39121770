/**
 * Choosing a password (a reset link, an accepted invitation): the fields with their
 * problems in place, the checks the server makes that can be made here (8 to 128
 * characters, the two alike), and the server's own field problems ("Invalid field
 * 'password': is too common: …") put back under the field they name. `useNewPasswordForm`
 * and `NewPasswordForm` are that whole form, with any fields a page asks for first.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SessionFailure } from '@/lib/start-session';
import { SessionButton } from './session-form';

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

type PasswordField = 'password' | 'confirm';

/** How the server names the password fields in its problems ("Invalid field 'confirm': …"). */
const PASSWORD_NAMES: Record<PasswordField, string> = { password: 'Password', confirm: 'Confirmation' };

/** A call that failed: the server's detail (else the fallback), and its status (0: no answer). */
export interface Refusal {
  text: string;
  status: number;
}

export function refusal(failure: unknown, fallback: string): Refusal {
  return {
    text: failure instanceof Error && failure.message ? failure.message : fallback,
    status: failure instanceof SessionFailure ? failure.status : 0,
  };
}

export interface NewPasswordFormState<Extra extends string> {
  values: Record<Extra | PasswordField, string>;
  problems: FieldProblems<Extra | PasswordField>;
  /** A refusal that names no field and that the page did not take: the form's alert. */
  error: Refusal | null;
  busy: boolean;
  /** Sets a field, and clears its problem: it is being fixed. */
  edit: (field: Extra | PasswordField, value: string) => void;
  submit: (event: FormEvent) => Promise<void>;
}

/**
 * The state of a form that sets a password, with `Extra` fields before it (a name). On
 * submit the fields are checked (`check` for the extra ones), then `send` runs; a
 * refusal that names a field goes under it, one `refused` takes (a dead link) is the
 * page's, any other is the alert.
 */
export function useNewPasswordForm<Extra extends string = never>({
  initial,
  names,
  fallback,
  check,
  send,
  refused,
}: {
  initial?: Record<Extra, string>;
  /** How the server names the extra fields in its problems. */
  names?: Record<Extra, string>;
  fallback: string;
  check?: (values: Record<Extra | PasswordField, string>) => FieldProblems<Extra>;
  send: (values: Record<Extra | PasswordField, string>) => Promise<void>;
  /** Takes a refusal the page shows itself: true when it did. */
  refused?: (refusal: Refusal) => boolean;
}): NewPasswordFormState<Extra> {
  type Field = Extra | PasswordField;
  const [values, setValues] = useState(
    () => ({ ...initial, password: '', confirm: '' }) as Record<Field, string>,
  );
  const [problems, setProblems] = useState<FieldProblems<Field>>({});
  const [error, setError] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (field: Field, value: string) => {
    setValues((all) => ({ ...all, [field]: value }));
    setProblems((all) => ({ ...all, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // TypeScript does not see the password fields' problems as some of Field's.
    const found = {
      ...check?.(values),
      ...checkNewPassword(values.password, values.confirm),
    } as FieldProblems<Field>;
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await send(values);
    } catch (failure) {
      console.warn(failure); // handled: the page shows it
      const refusedWith = refusal(failure, fallback);
      const onField = serverFieldProblem<Field>(refusedWith.text, {
        ...PASSWORD_NAMES,
        ...names,
      } as Record<Field, string>);
      if (onField) setProblems(onField);
      else if (!refused?.(refusedWith)) setError(refusedWith);
      setBusy(false);
    }
  };

  return { values, problems, error, busy, edit, submit };
}

/**
 * The form of `useNewPasswordForm`: its alert, the page's own fields (children), the new
 * password with its hint, its confirmation, and the submit button.
 */
export function NewPasswordForm<Extra extends string>({
  form,
  labels,
  submitLabel,
  alertAction,
  children,
}: {
  form: NewPasswordFormState<Extra>;
  labels: Record<PasswordField, string>;
  submitLabel: string;
  /** A way on after the alert's text, for the refusals that have one. */
  alertAction?: (error: Refusal) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {form.error && (
        <p className="session-error" role="alert">
          {form.error.text}
          {alertAction?.(form.error)}
        </p>
      )}
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        {children}
        <ProblemField
          label={labels.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters`}
          value={form.values.password}
          problem={form.problems.password}
          onChange={(value) => form.edit('password', value)}
        />
        <ProblemField
          label={labels.confirm}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={form.values.confirm}
          problem={form.problems.confirm}
          onChange={(value) => form.edit('confirm', value)}
        />
        <SessionButton busy={form.busy}>{submitLabel}</SessionButton>
      </form>
    </>
  );
}
