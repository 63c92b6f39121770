/** The pieces the team and player forms share: a labelled field and the form around the fields. */
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
    <form
      className={className ? `card manager-form ${className}` : 'card manager-form'}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <h3 id={`${id}-title`} className="manager-form-title">
        {title}
      </h3>
      <div className="manager-form-grid">{children}</div>
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
    </form>
  );
}
