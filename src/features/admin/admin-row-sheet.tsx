/**
 * A row's edit on a phone (spec section 4 "Admin row edit"): instead of a grid row to
 * scroll sideways, a form sheet with one labelled field per column, Save (PUT) and
 * Cancel. The same draft, fields and save as the grid's edit row; a modal: focus moves
 * in, Tab stays in, Escape or Cancel closes, and focus goes back to the row's Edit.
 */
import { useId, type FormEvent } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import type { Relation, SchemaColumn } from './admin-data';
import { ColumnField } from './admin-fields';
import { ErrorBox } from './admin-parts';
import type { RelatedRows } from './admin-related-rows';

export function RowSheet({
  table,
  keyColumn,
  rowKey,
  columns,
  schemaColumns,
  draft,
  relations,
  related,
  busy,
  error,
  onDraft,
  onSave,
  onCancel,
  onDismissError,
}: {
  table: string;
  keyColumn: string;
  rowKey: string;
  columns: string[];
  schemaColumns: SchemaColumn[];
  draft: Record<string, string>;
  relations: Relation[];
  related: ReadonlyMap<string, RelatedRows>;
  busy: boolean;
  /** A failed save: shown in the sheet, where the admin is looking. */
  error: { message: string; detail?: string } | null;
  onDraft: (column: string, value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onDismissError: () => void;
}) {
  const baseId = useId();
  const titleId = `${baseId}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };

  return (
    <ModalDialog
      title={<span id={titleId}>Edit row {rowKey}</span>}
      subtitle={<span className="admin-sheet-table">{table}</span>}
      onClose={onCancel}
      busy={busy}
      width="36rem"
    >
      <form className="modal-form" aria-labelledby={titleId} onSubmit={submit}>
        <div className="modal-body admin-sheet-body">
          {error && <ErrorBox message={error.message} detail={error.detail} onDismiss={onDismissError} />}
          {columns.map((name) => {
            // A column the schema does not describe still edits, as optional text.
            const column = schemaColumns.find((item) => item.name === name) ?? {
              name,
              type: '',
              nullable: true,
              primaryKey: false,
              hasDefault: false,
            };
            return (
              <ColumnField
                key={name}
                id={`${baseId}-field-${name}`}
                column={column}
                mode="edit"
                isKey={name === keyColumn}
                value={draft[name] ?? ''}
                relation={relations.find((relation) => relation.column_name === name)}
                related={related}
                disabled={busy}
                onChange={(value) => onDraft(name, value)}
              />
            );
          })}
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
