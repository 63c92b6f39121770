/** Small parts of the table editor: dismissible messages and the foreign-key dropdown. */
import type { ReactNode } from 'react';
import type { Relation } from './admin-data';
import { choicesFor, type RelatedRows } from './admin-related-rows';

/** An error with its close button (spec section 2: errors are dismissible). */
export function ErrorBox({
  message,
  detail,
  onDismiss,
}: {
  message: string;
  detail?: string;
  onDismiss: () => void;
}) {
  return (
    <div className="admin-message admin-error" role="alert">
      <div className="admin-message-text">
        <p className="admin-error-title">{message}</p>
        {detail && detail !== message && <p className="admin-error-detail">{detail}</p>}
      </div>
      <CloseButton onClick={onDismiss} />
    </div>
  );
}

export function Notice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="admin-message admin-notice" role="status">
      <p className="admin-message-text">{children}</p>
      <CloseButton onClick={onDismiss} />
    </div>
  );
}

function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="admin-message-close" aria-label="Close" onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

export function ForeignSelect({
  id,
  label,
  relation,
  related,
  value,
  nullable,
  disabled,
  describedBy,
  onChange,
}: {
  id?: string;
  /** The accessible name when no <label> points at the select. */
  label?: string;
  relation: Relation;
  related: RelatedRows | undefined;
  value: string;
  nullable: boolean;
  disabled?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  const choices = choicesFor(related, relation.foreign_column, value);
  return (
    <span className="admin-select">
      <select
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        value={value}
        disabled={disabled}
        aria-busy={related?.status === 'loading'}
        onChange={(event) => onChange(event.target.value)}
      >
        {(nullable || value === '') && <option value="">{nullable ? '— none —' : 'Choose…'}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
      {related?.status === 'loading' && <span className="admin-hint">Loading {relation.foreign_table}…</span>}
      {related?.status === 'ready' && related.truncated && (
        <span className="admin-hint">Showing the first rows of {relation.foreign_table} only</span>
      )}
    </span>
  );
}

/** A row's Edit and Delete (Delete asks first, in the caller). */
export function RowActions({
  busy,
  describedBy,
  onEdit,
  onDelete,
}: {
  busy: boolean;
  /** The element naming the row, for screen readers (the card's key). */
  describedBy?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const actions = [
    { label: 'Edit', className: 'button button-secondary admin-small', onClick: onEdit },
    { label: 'Delete', className: 'button admin-small admin-danger', onClick: onDelete },
  ];
  return actions.map(({ label, className, onClick }) => (
    <button
      key={label}
      type="button"
      className={className}
      aria-describedby={describedBy}
      onClick={onClick}
      disabled={busy}
    >
      {label}
    </button>
  ));
}
