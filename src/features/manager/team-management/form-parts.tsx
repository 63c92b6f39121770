/** The pieces the team and player forms share: a labelled field and the form's footer. */
import type { ReactNode } from 'react';

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

/** The server's reason (if any), then Save and Cancel; both are off while saving. */
export function FormFooter({
  failure,
  saving,
  label,
  savingLabel,
  onCancel,
}: {
  failure: string | null;
  saving: boolean;
  label: string;
  savingLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {failure && (
        <p className="manager-inline-error" role="alert">
          {failure}
        </p>
      )}
      <div className="manager-form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? savingLabel : label}
        </button>
        <button type="button" className="button button-secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
