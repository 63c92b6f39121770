/**
 * The one field editor of the table editor, used by the grid's edit row, the phone's
 * row sheet and 'Insert New Row': a foreign key edits as a dropdown of the related
 * rows (spec section 2), every other column as free text with its type as the hint.
 */
import type { Relation, SchemaColumn } from './admin-data';
import { ForeignSelect } from './admin-parts';
import type { RelatedRows } from './admin-related-rows';

/** The column's type and whether it may be left empty; a key never changes once stored. */
export function hintFor(column: SchemaColumn, mode: 'insert' | 'edit'): string {
  const type = column.type || 'ANY';
  if (column.primaryKey) {
    if (mode === 'edit') return `${type} · key, cannot be changed`;
    return column.hasDefault
      ? `${type} · key, numbered automatically when left empty`
      : `${type} · key, required`;
  }
  if (column.hasDefault) return `${type} · optional, has a default`;
  return column.nullable ? `${type} · optional` : `${type} · required`;
}

export interface EditorProps {
  /** The id a <label> points at; without one, `column` is the accessible name. */
  id?: string;
  column: string;
  /** The schema's type for the placeholder ('' when unknown). */
  type?: string;
  value: string;
  relation: Relation | undefined;
  related: ReadonlyMap<string, RelatedRows>;
  nullable: boolean;
  disabled: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}

export function ColumnEditor({
  id,
  column,
  type,
  value,
  relation,
  related,
  nullable,
  disabled,
  describedBy,
  onChange,
}: EditorProps) {
  if (relation) {
    return (
      <ForeignSelect
        id={id}
        label={id ? undefined : column}
        relation={relation}
        related={related.get(relation.foreign_table)}
        value={value}
        nullable={nullable}
        disabled={disabled}
        describedBy={describedBy}
        onChange={onChange}
      />
    );
  }
  return (
    <input
      id={id}
      className={id ? undefined : 'admin-input'}
      type="text"
      aria-label={id ? undefined : column}
      aria-describedby={describedBy}
      placeholder={type === undefined ? undefined : type || 'ANY'}
      value={value}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A labelled field with its type hint, for the forms (insert, and the phone's row sheet). */
export function ColumnField({
  id,
  column,
  mode,
  isKey = false,
  ...editor
}: Omit<EditorProps, 'column' | 'type' | 'describedBy' | 'nullable' | 'id'> & {
  id: string;
  column: SchemaColumn;
  mode: 'insert' | 'edit';
  /** The row's key in an edit: shown, never sent. */
  isKey?: boolean;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="field admin-field">
      <label htmlFor={id}>{column.name}</label>
      {isKey ? (
        <input
          id={id}
          type="text"
          readOnly
          aria-describedby={hintId}
          value={editor.value}
          className="admin-key-input"
        />
      ) : (
        <ColumnEditor
          {...editor}
          id={id}
          column={column.name}
          type={column.type}
          nullable={column.nullable}
          describedBy={hintId}
        />
      )}
      <span id={hintId} className="admin-hint">
        {hintFor(isKey ? { ...column, primaryKey: true } : column, mode)}
      </span>
    </div>
  );
}
