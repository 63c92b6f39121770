/**
 * The pieces the manager's forms share (Team Management's and the Leagues tab's): a
 * labelled field, the field errors a check finds, the server's reason for a refusal,
 * and the form around the fields with its buttons.
 */
import { useId, useState, type ReactNode } from 'react';

/** A labelled form field with its error message under it. */
export function Field({
  id,
  label,
  error,
  hint,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'field manager-field manager-field-wide' : 'field manager-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="manager-field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="manager-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A form's field errors, keyed by field. Each field's id is the form's id and its key;
 * a check's findings show under their fields and the first field at fault takes the
 * focus (a check lists its findings in the form's order); a field's message goes once
 * the field changes.
 */
export function useFieldErrors<K extends string>() {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const fieldId = (key: K) => `${id}-${key}`;
  return {
    /** The form's id: its title's and its other elements' ids start with it. */
    id,
    errors,
    fieldId,
    /** Shows what a check found (focusing the first field at fault, unless told not to); true when it found nothing. */
    report(found: FieldErrors<K>, focus = true): boolean {
      setErrors(found);
      const first = (Object.keys(found) as K[]).find((key) => found[key]);
      if (first === undefined) return true;
      if (focus) document.getElementById(fieldId(first))?.focus();
      return false;
    },
    fix(key: K) {
      setErrors((all) => ({ ...all, [key]: undefined }));
    },
    clear() {
      setErrors({});
    },
    /** A control's id, whether it is at fault, and its hint (if it has one) and error as its description. */
    control(key: K, hint = false) {
      const own = fieldId(key);
      return {
        id: own,
        'aria-invalid': Boolean(errors[key]),
        'aria-describedby':
          [hint && `${own}-hint`, errors[key] && `${own}-error`].filter(Boolean).join(' ') || undefined,
      };
    },
  };
}

/** The server's reason for a refused write, next to the form or row it concerns. */
export function WriteFailure({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <p className="manager-inline-error" role="alert">
      {failure}
    </p>
  );
}

/** A form's submit button, off while its write is on its way (or while there is nothing to send). */
export function SubmitButton({
  pending,
  label,
  pendingLabel = 'Saving…',
  secondary = false,
  disabled = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
  secondary?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className={secondary ? 'button button-secondary' : 'button'}
      disabled={pending || disabled}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * A manager's form: named by a title (labelledBy) or a label, checked by the form's own
 * code rather than the browser's, then the server's reason for a refusal (if any) and
 * the buttons.
 */
export function FormFrame({
  className = 'manager-form',
  label,
  labelledBy,
  onSubmit,
  failure,
  actions,
  children,
}: {
  className?: string;
  label?: string;
  labelledBy?: string;
  onSubmit: () => Promise<void>;
  failure: string | null;
  /** Left out where the submit button stands among the fields. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      aria-label={label}
      aria-labelledby={labelledBy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <WriteFailure failure={failure} />
      {actions && <div className="manager-form-actions">{actions}</div>}
    </form>
  );
}

/**
 * The inline form of Team Management: its title, the fields in a grid, the server's
 * reason (if any), then Save and Cancel, both off while saving.
 */
export function ManagerForm({
  id,
  className,
  title,
  onSubmit,
  failure,
  saving,
  label,
  savingLabel,
  onCancel,
  children,
}: {
  id: string;
  className?: string;
  title: string;
  onSubmit: () => Promise<void>;
  failure: string | null;
  saving: boolean;
  label: string;
  savingLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <FormFrame
      className={className ? `card manager-form ${className}` : 'card manager-form'}
      labelledBy={`${id}-title`}
      onSubmit={onSubmit}
      failure={failure}
      actions={
        <>
          <SubmitButton pending={saving} label={label} pendingLabel={savingLabel} />
          <button type="button" className="button button-secondary" disabled={saving} onClick={onCancel}>
            Cancel
          </button>
        </>
      }
    >
      <h3 id={`${id}-title`} className="manager-form-title">
        {title}
      </h3>
      <div className="manager-form-grid">{children}</div>
    </FormFrame>
  );
}
